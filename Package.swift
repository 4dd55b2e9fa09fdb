// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Braid",
  products: [
    .library(name: "Braid", targets: ["Braid"]),
    .library(name: "BraidTesting", targets: ["BraidTesting"]),
    .executable(name: "braid-counter", targets: ["braid-counter"]),
  ],
  targets: [
    .target(
      name: "Braid",
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    .target(
      name: "BraidTesting",
      dependencies: ["Braid"],
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    .target(
      name: "CounterExample",
      dependencies: ["Braid"],
      path: "Examples/Counter/Feature",
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    .target(
      name: "SignUpExample",
      dependencies: ["Braid"],
      path: "Examples/SignUp/Feature",
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    .executableTarget(
      name: "braid-counter",
      dependencies: ["Braid", "CounterExample"],
      path: "Examples/Counter/CLI",
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    .testTarget(
      name: "BraidTests",
      dependencies: ["Braid", "BraidTesting", "CounterExample", "SignUpExample"],
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
  ],
  swiftLanguageModes: [.v6]
)
