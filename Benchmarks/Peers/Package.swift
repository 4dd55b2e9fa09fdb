// swift-tools-version: 6.0
import PackageDescription

// Braid against the Point-Free libraries it hand-writes, in one process. A package of its own:
// swift-case-paths pulls in swift-syntax (its macros), which CI does not build.
let package = Package(
  name: "BraidPeerBenchmarks",
  dependencies: [
    .package(name: "Braid", path: "../.."),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", exact: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", exact: "1.10.0"),
  ],
  targets: [
    .executableTarget(
      name: "braid-peers",
      dependencies: [
        .product(name: "Braid", package: "Braid"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "CasePaths", package: "swift-case-paths"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
