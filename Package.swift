// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Braid",
  products: [
    .library(name: "Braid", targets: ["Braid"]),
    .library(name: "BraidTesting", targets: ["BraidTesting"]),
    .library(name: "BraidSQLite", targets: ["BraidSQLite"]),
    .executable(name: "braid-counter", targets: ["braid-counter"]),
    .executable(name: "braid-demo", targets: ["braid-demo"]),
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
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
    .systemLibrary(name: "CCrypt", path: "Sources/CCrypt"),
    .target(
      name: "BraidSQLite",
      dependencies: ["CSQLite"],
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    .target(
      name: "SignUpExample",
      dependencies: ["Braid", "BraidSQLite", "CCrypt"],
      path: "Examples/SignUp/Feature",
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    .executableTarget(
      name: "braid-counter",
      dependencies: ["Braid", "CounterExample"],
      path: "Examples/Counter/CLI",
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    .executableTarget(
      name: "braid-demo",
      dependencies: ["Braid", "SignUpExample"],
      path: "Examples/Demo",
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    .testTarget(
      name: "BraidTests",
      dependencies: ["Braid", "BraidTesting", "BraidSQLite", "CounterExample", "SignUpExample", "braid-demo"],
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
  ],
  swiftLanguageModes: [.v6]
)
