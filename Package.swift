// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Braid",
  products: [
    .library(name: "Braid", targets: ["Braid"]),
    .executable(name: "braid-counter", targets: ["Counter"]),
  ],
  targets: [
    .target(
      name: "Braid",
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    .executableTarget(
      name: "Counter",
      dependencies: ["Braid"],
      path: "Examples/Counter",
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    .testTarget(
      name: "BraidTests",
      dependencies: ["Braid"],
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
  ],
  swiftLanguageModes: [.v6]
)
