// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "BraidBenchmarks",
  dependencies: [
    .package(name: "Braid", path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    .target(
      name: "Workloads",
      dependencies: [.product(name: "Braid", package: "Braid"), .product(name: "BraidTrace", package: "Braid")]
    ),
    .executableTarget(
      name: "braid-bench",
      dependencies: [
        "Workloads",
        .product(name: "Braid", package: "Braid"),
        .product(name: "BraidTesting", package: "Braid"),
        .product(name: "BraidLocation", package: "Braid"),
        .product(name: "BraidFetchedResults", package: "Braid"),
        .product(name: "BraidExploration", package: "Braid"),
        .product(name: "BraidTrace", package: "Braid"),
        .product(name: "BraidExampleFeatures", package: "Braid"),
        .product(name: "BraidSharedStorage", package: "Braid"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    ),
    .executableTarget(
      name: "braid-count",
      dependencies: [
        "Workloads", .product(name: "Braid", package: "Braid"), .product(name: "BraidTesting", package: "Braid"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
