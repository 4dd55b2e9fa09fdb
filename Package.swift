// swift-tools-version: 6.2
import PackageDescription

/// Every target of ours builds in Swift 6 mode with warnings as errors.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// An example's `Tools` target (`Examples/<example>/Tools`): its catalog entry for BraidTools and
/// its exploration, on the example's feature target (`<example>Feature` unless named).
func tools(_ example: String, feature: String? = nil, _ more: [Target.Dependency] = []) -> Target {
  .target(
    name: "\(example)Tools",
    dependencies: ["Braid", "BraidExploration", "BraidTools", .byName(name: feature ?? "\(example)Feature")] + more,
    path: "Examples/\(example)/Tools", swiftSettings: strict)
}

/// An example's library target at `Examples/<path>`.
func example(_ name: String, _ path: String, _ dependencies: [Target.Dependency]) -> Target {
  .target(name: name, dependencies: dependencies, path: "Examples/\(path)", swiftSettings: strict)
}

let package = Package(
  name: "Braid",
  // Synchronization's `Mutex` and `Atomic` came with these releases of Apple's systems.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Braid", targets: ["Braid"]),
    .library(name: "BraidTesting", targets: ["BraidTesting"]),
    .library(name: "BraidTrace", targets: ["BraidTrace"]),
    .library(name: "BraidExploration", targets: ["BraidExploration"]),
    .library(name: "BraidTools", targets: ["BraidTools"]),
    // The examples' features: for the benchmarks, which explore them, and for a package that
    // compiles the tests braid-demo emits (they import a feature and its client interface).
    .library(
      name: "BraidExampleFeatures",
      targets: ["CounterFeature", "SignUpFeature", "UserDirectoryClient", "LocationTrackerFeature", "UsersListFeature"]),
    .library(name: "BraidSQLite", targets: ["BraidSQLite"]),
    .library(name: "BraidURLSession", targets: ["BraidURLSession"]),
    .library(name: "BraidSharedStorage", targets: ["BraidSharedStorage"]),
    .library(name: "BraidLocation", targets: ["BraidLocation", "BraidLocationLive"]),
    .library(name: "BraidFetchedResults", targets: ["BraidFetchedResults", "BraidFetchedResultsLive"]),
    .executable(name: "braid-demo", targets: ["braid-demo"]),
  ],
  targets: [
    // MARK: - The framework
    .target(name: "Braid", swiftSettings: strict),
    .target(name: "BraidTesting", dependencies: ["Braid", "CBraidTestingHook"], swiftSettings: strict),
    // Record, replay and verify traces; links neither Testing nor XCTest, so the demo CLI uses it.
    .target(
      name: "BraidTrace", dependencies: ["Braid"], exclude: ["trace.schema.json"], swiftSettings: strict),
    // Explore a feature with seeded random steps; its counterexamples are traces.
    .target(name: "BraidExploration", dependencies: ["Braid", "BraidTrace"], swiftSettings: strict),
    // The tools on a catalog of features: replay, timelines, emitted tests, exploration.
    // Recording a session needs BraidPOSIX's signal handling, so the tools are Linux's.
    .target(
      name: "BraidTools", dependencies: ["Braid", "BraidPOSIX", "BraidExploration", "BraidTrace"],
      swiftSettings: strict),
    .target(name: "CBraidTestingHook"),
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .target(name: "BraidSQLite", dependencies: ["CSQLite"], swiftSettings: strict),
    // URLSession links FoundationNetworking on Linux: only features that load URLs pay for it.
    .target(name: "BraidURLSession", dependencies: ["Braid"], swiftSettings: strict),
    // The POSIX I/O the live clients and CLIs share: readers, an event loop, lines, TCP, stdin.
    .target(name: "BraidPOSIX", dependencies: ["Braid", "CBraidEventLoop"], swiftSettings: strict),
    .target(name: "CBraidEventLoop"),
    // Shared values kept in files and SQLite databases (durable, watched with inotify): Linux's.
    .target(name: "BraidSharedStorage", dependencies: ["Braid", "BraidPOSIX", "BraidSQLite"], swiftSettings: strict),
    .target(name: "BraidLocation", dependencies: ["Braid"], swiftSettings: strict),
    .target(
      name: "BraidLocationLive", dependencies: ["Braid", "BraidLocation", "BraidPOSIX"], swiftSettings: strict),
    .target(name: "BraidFetchedResults", dependencies: ["Braid"], swiftSettings: strict),
    .target(
      name: "BraidFetchedResultsLive",
      dependencies: ["Braid", "BraidFetchedResults", "BraidPOSIX", "BraidSQLite"],
      swiftSettings: strict
    ),
    // MARK: - Examples: feature / client interface / live client / CLI
    example("DemoCommandLine", "CommandLine", ["Braid", "BraidPOSIX", "BraidTools"]),
    example("CounterFeature", "Counter/Feature", ["Braid"]),
    example(
      "CounterCLI", "Counter/CLI", ["Braid", "BraidSharedStorage", "BraidTools", "CounterFeature", "DemoCommandLine"]),
    example("LocationTrackerFeature", "LocationTracker/Feature", ["Braid", "BraidLocation"]),
    example(
      "LocationTrackerCLI", "LocationTracker/CLI",
      ["Braid", "BraidTools", "BraidLocation", "BraidLocationLive", "DemoCommandLine", "LocationTrackerFeature"]),
    example("UserDirectoryClient", "SignUp/UserDirectoryClient", ["Braid"]),
    .systemLibrary(name: "CCrypt", path: "Sources/CCrypt", providers: [.apt(["libcrypt-dev"])]),
    .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", providers: [.apt(["libpq-dev"])]),
    // The users database's rules, for every directory that stores users: the path rule, the
    // schema, the username key, the password hash, the sign-up checks; the one `--database` parser.
    example("UsersDatabase", "UsersDatabase", ["UserDirectoryClient", "BraidSQLite", "CCrypt"]),
    example("UserDirectoryLive", "SignUp/UserDirectoryLive", ["UserDirectoryClient", "UsersDatabase", "BraidSQLite"]),
    // The same directory on a PostgreSQL server, for several processes behind a load balancer.
    example(
      "UserDirectoryPostgres", "SignUp/UserDirectoryPostgres", ["UserDirectoryClient", "UsersDatabase", "CLibPQ"]),
    example("SignUpFeature", "SignUp/Feature", ["Braid", "UserDirectoryClient"]),
    example(
      "SignUpCLI", "SignUp/CLI",
      [
        "Braid", "BraidTools", "BraidPOSIX", "BraidTrace", "DemoCommandLine", "SignUpFeature", "UserDirectoryClient",
        "UserDirectoryLive", "UserDirectoryPostgres", "UsersDatabase",
      ]),
    example("UsersListFeature", "UsersList/Feature", ["Braid", "BraidFetchedResults"]),
    example(
      "UsersListCLI", "UsersList/CLI",
      [
        "Braid", "BraidTools", "BraidFetchedResults", "BraidFetchedResultsLive", "DemoCommandLine", "UsersDatabase",
        "UsersListFeature",
      ]),
    // The four examples behind one home screen: a navigation stack, and a quit that asks first.
    example(
      "AppFeature", "App/Feature",
      ["Braid", "CounterFeature", "LocationTrackerFeature", "SignUpFeature", "UsersListFeature"]),
    example(
      "AppCLI", "App/CLI",
      [
        "AppFeature", "Braid", "BraidFetchedResultsLive", "BraidLocation", "BraidLocationLive", "BraidTools",
        "CounterCLI", "DemoCommandLine", "LocationTrackerCLI", "SignUpCLI", "UserDirectoryClient", "UserDirectoryLive",
        "UsersDatabase", "UsersListCLI", "UsersListFeature", "SignUpFeature",
      ]),
    // Each example's catalog entry for the tools, and its exploration beside it.
    tools("Counter"),
    tools("SignUp", feature: "SignUpFeature", ["UserDirectoryClient"]),
    tools("LocationTracker", ["BraidLocation"]),
    tools("UsersList", ["BraidFetchedResults"]),
    .executableTarget(
      name: "braid-demo",
      dependencies: [
        "AppCLI", "BraidTools", "CounterCLI", "CounterFeature", "CounterTools", "DemoCommandLine", "LocationTrackerCLI",
        "LocationTrackerFeature", "LocationTrackerTools", "SignUpCLI", "SignUpFeature", "SignUpTools", "UsersListCLI",
        "UsersListFeature", "UsersListTools",
      ],
      path: "Examples/Demo",
      swiftSettings: strict
    ),

    // MARK: - Tests, one target per module or example
    .target(
      name: "BraidTestSupport",
      dependencies: ["Braid"],
      path: "Tests/BraidTestSupport",
      swiftSettings: strict
    ),
    .testTarget(
      name: "BraidTests", dependencies: ["Braid", "BraidTesting", "BraidTestSupport"], swiftSettings: strict),
    // The README's Quick start, compiled as the README shows it.
    .testTarget(name: "ReadmeTests", dependencies: ["Braid", "BraidTesting"], swiftSettings: strict),
    .testTarget(
      name: "BraidTestingTests",
      dependencies: ["Braid", "BraidTesting", "BraidTestSupport"],
      swiftSettings: strict
    ),
    // Explorations of the examples, their planted bugs found and shrunk.
    .testTarget(
      name: "ExplorationTests",
      dependencies: [
        "Braid", "BraidLocation", "BraidExploration", "BraidTesting", "BraidTools", "BraidTrace", "BraidTestSupport",
        "CounterFeature", "CounterTools",
        "LocationTrackerFeature", "LocationTrackerTools", "SignUpFeature", "SignUpTools", "UserDirectoryClient",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "BraidToolsTests",
      dependencies: [
        "Braid", "BraidExploration", "BraidTestSupport", "BraidTrace", "BraidTools", "CounterFeature", "CounterTools",
        "LocationTrackerFeature",
        "LocationTrackerTools", "SignUpFeature", "SignUpTools", "UsersListFeature", "UsersListTools",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "BraidTraceTests",
      dependencies: ["Braid", "BraidExploration", "BraidTrace", "BraidTesting", "BraidTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "BraidLocationTests",
      dependencies: ["Braid", "BraidTesting", "BraidTestSupport", "BraidLocation", "BraidLocationLive"],
      exclude: ["Fixtures"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "BraidFetchedResultsTests",
      dependencies: [
        "Braid", "BraidTesting", "BraidTestSupport", "BraidFetchedResults", "BraidFetchedResultsLive", "BraidSQLite",
      ],
      swiftSettings: strict
    ),
    .testTarget(name: "BraidURLSessionTests", dependencies: ["Braid", "BraidURLSession"], swiftSettings: strict),
    .testTarget(name: "BraidPOSIXTests", dependencies: ["Braid", "BraidPOSIX"], swiftSettings: strict),
    // What Scripts/shared-durability-test.sh runs: a writer it kills and restarts, and two
    // processes that time each other's changes.
    .executableTarget(
      name: "shared-state-probe", dependencies: ["Braid", "BraidSharedStorage"], path: "Tests/SharedStateProbe",
      swiftSettings: strict),
    .testTarget(
      name: "BraidSharedStorageTests",
      dependencies: ["Braid", "BraidSharedStorage", "BraidTesting", "BraidTestSupport"],
      swiftSettings: strict),
    .testTarget(name: "BraidSQLiteTests", dependencies: ["BraidSQLite"], swiftSettings: strict),
    .testTarget(
      name: "CounterExampleTests",
      dependencies: ["Braid", "BraidSharedStorage", "BraidTesting", "CounterCLI", "CounterFeature"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "LocationTrackerExampleTests",
      dependencies: [
        "Braid", "BraidTools", "BraidTesting", "BraidTestSupport", "BraidLocation", "DemoCommandLine",
        "LocationTrackerCLI", "LocationTrackerFeature",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "AppExampleTests",
      dependencies: [
        "AppFeature", "Braid", "BraidFetchedResultsLive", "BraidLocation", "BraidLocationLive", "BraidSQLite",
        "BraidTesting", "BraidTestSupport", "CounterFeature", "LocationTrackerFeature", "SignUpFeature",
        "UserDirectoryClient",
        "UsersListFeature",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "UsersListExampleTests",
      dependencies: ["Braid", "BraidTesting", "BraidFetchedResults", "UsersListCLI", "UsersListFeature"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "SignUpExampleTests",
      dependencies: [
        "Braid", "BraidTesting", "BraidTestSupport", "BraidSQLite", "SignUpCLI", "SignUpFeature",
        "UserDirectoryClient", "UserDirectoryLive", "UserDirectoryPostgres", "UsersDatabase",
      ],
      swiftSettings: strict
    ),
    // A feature and its tests written from TCA's documented API (never its code), ported with
    // the import changed: it keeps the everyday API portable.
    .testTarget(name: "PortingTests", dependencies: ["Braid", "BraidTesting"], swiftSettings: strict),
    // Tests emitted by `braid-demo replay --emit-test` from the traces in its Traces/ folder,
    // compiled and run as they are, and a test that they are what the emitter writes today.
    .testTarget(
      name: "RecordedSessionTests",
      dependencies: [
        "Braid", "BraidLocation", "BraidTesting", "BraidTools", "CounterFeature", "CounterTools",
        "LocationTrackerFeature", "LocationTrackerTools", "SignUpFeature", "SignUpTools", "UserDirectoryClient",
        "UsersListTools",
      ],
      exclude: ["Traces"],
      swiftSettings: strict
    ),
    .testTarget(name: "DemoCommandLineTests", dependencies: ["DemoCommandLine"], swiftSettings: strict),
    .testTarget(name: "BraidDemoTests", dependencies: ["braid-demo", "BraidTestSupport"], swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)

// The live clients need Linux (inotify, Linux socket options, libcrypt's yescrypt), and so does
// all that is built on them. Elsewhere the package holds the core, BraidTesting, BraidTrace, BraidExploration,
// BraidSQLite, BraidURLSession and the client interfaces.
#if !os(Linux)
  var leftOut: Set<String> = [
    "BraidPOSIX", "CBraidEventLoop", "BraidLocationLive", "BraidFetchedResultsLive", "UsersDatabase",
  ]
  var leavesMore = true
  while leavesMore {
    leavesMore = false
    for target in package.targets where !leftOut.contains(target.name) {
      let needsLeftOut = target.dependencies.contains { dependency in
        switch dependency {
        case .targetItem(let name, _), .byNameItem(let name, _): leftOut.contains(name)
        default: false
        }
      }
      guard needsLeftOut else { continue }
      leftOut.insert(target.name)
      leavesMore = true
    }
  }
  package.targets.removeAll { leftOut.contains($0.name) }
  package.products = package.products.compactMap { product in
    guard let library = product as? Product.Library else { return leftOut.contains(product.name) ? nil : product }
    let targets = library.targets.filter { !leftOut.contains($0) }
    return targets.isEmpty ? nil : .library(name: library.name, type: library.type, targets: targets)
  }
#endif
