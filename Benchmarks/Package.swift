// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "BraidBenchmarks",
  dependencies: [
    .package(name: "Braid", path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    .executableTarget(
      name: "braid-bench",
      dependencies: [
        .product(name: "Braid", package: "Braid"),
        .product(name: "BraidTesting", package: "Braid"),
        .product(name: "BraidLocation", package: "Braid"),
        .product(name: "BraidFetchedResults", package: "Braid"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    ),
    .executableTarget(
      name: "braid-count",
      dependencies: [.product(name: "Braid", package: "Braid")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
