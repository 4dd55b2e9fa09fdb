// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "BraidBenchmarks",
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    .executableTarget(
      name: "braid-bench",
      dependencies: [
        .product(name: "Braid", package: "main"),
        .product(name: "BraidTesting", package: "main"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
