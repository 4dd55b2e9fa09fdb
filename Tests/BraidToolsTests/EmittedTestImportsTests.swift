import BraidTestSupport
import BraidTools
import CounterFeature
import CounterTools
import Foundation
import LocationTrackerFeature
import LocationTrackerTools
import SignUpFeature
import SignUpTools
import Testing
import UsersListFeature
import UsersListTools

/// A test emitted for one of the demo's features compiles in a package that depends on Braid's
/// products only: every module it imports is in one.
@MainActor
@Suite struct EmittedTestImportsTests {
  /// The modules every emitted test imports besides the entry's own (the emitter's fixed set):
  /// the toolchain's, and Braid's.
  static let fixedImports = ["Braid", "BraidTesting"]
  static let toolchainModules: Set = ["Foundation", "Testing"]

  @Test func everyModuleADemoFeaturesEmittedTestImportsIsInAProduct() async throws {
    // On a thread of its own: `swift package dump-package` with a fresh scratch folder takes
    // seconds to a minute, and waiting for it on the main actor stalled every main-actor test
    // in the suite (four location and clock tests hit their 60 s limits in CI).
    let products = try await onOwnThread { try Self.libraryProducts() }
    let modulesInProducts = Set(products.values.joined())
    let entries = [Counter.catalogEntry, SignUpForm.catalogEntry, LocationTracker.catalogEntry, UsersList.catalogEntry]
    #expect(entries.count == 4)
    for entry in entries {
      let imports = Self.fixedImports + entry.testImports
      let missing = imports.filter { !modulesInProducts.contains($0) && !Self.toolchainModules.contains($0) }
      #expect(missing == [], "\(entry.name)'s emitted tests import \(missing), which no product of Package.swift holds")
    }
    // The demo's features and their client interfaces are one product, as the README says.
    #expect(
      Set(products["BraidExampleFeatures"] ?? [])
        .isSuperset(of: [
          "CounterFeature", "SignUpFeature", "UserDirectoryClient", "LocationTrackerFeature", "UsersListFeature",
        ]))
  }

  /// The package's library products and their targets, as `swift package dump-package` reads
  /// the manifest (with a scratch folder of its own: the running `swift test` holds `.build`).
  nonisolated static func libraryProducts() throws -> [String: [String]] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("braid-dump-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "--scratch-path", scratch.path, "dump-package"]
    process.currentDirectoryURL = root
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "swift package dump-package failed")
    struct Manifest: Decodable {
      struct Product: Decodable {
        let name: String
        let targets: [String]
        let type: [String: [String]?]
      }
      let products: [Product]
    }
    let manifest = try JSONDecoder().decode(Manifest.self, from: data)
    return Dictionary(
      manifest.products.filter { $0.type.keys.contains("library") }.map { ($0.name, $0.targets) },
      uniquingKeysWith: { first, _ in first })
  }
}
