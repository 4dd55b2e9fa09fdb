import Braid
import BraidExploration
import BraidLocation
import BraidTools
import CounterFeature
import CounterTools
import Foundation
import LocationTrackerFeature
import LocationTrackerTools
import SignUpFeature
import SignUpTools
import Testing
import UserDirectoryClient

/// The flow the article "Exploring a feature" documents, for each planted bug: explore the
/// broken feature, save its counterexample, emit the test, fix the bug. The emitted test passes
/// on the broken feature and fails on the fixed one: it guards the fix.
///
/// The emitted tests are committed in `Counterexamples/` (their `@Test` runs the broken
/// feature); ``anEmittedCounterexampleIsWhatTheToolsWriteToday(_:)`` checks that exploring
/// and emitting again gives them byte for byte. To regenerate them, run it with
/// `BRAID_WRITE_COUNTEREXAMPLES=1`.
@MainActor
@Suite struct EmittedCounterexampleTests {
  /// A planted bug: its exploration, and its feature as the catalog gives it to the emitter.
  struct PlantedBug: Sendable, CustomTestStringConvertible {
    let name: String
    let testName: String
    let explore: @MainActor @Sendable (String) async throws -> Void
    let entry: @MainActor @Sendable () -> CatalogEntry

    var testDescription: String { name }
  }

  nonisolated static let bugs = [
    PlantedBug(name: "counter", testName: "exploredCounterCounterexample") { path in
      try await save(CounterExploration.exploration(CounterExplorationTests.TimerNotCancelledOnStop()), "Counter", path)
    } entry: {
      CatalogEntry(
        "Counter", module: "CounterFeature", reducer: "CounterExplorationTests.TimerNotCancelledOnStop()",
        { CounterExplorationTests.TimerNotCancelledOnStop() })
    },
    PlantedBug(name: "signup", testName: "exploredSignUpCounterexample") { path in
      try await save(SignUpExploration.exploration(SignUpExplorationTests.CreateEnabledWhileChecking()), "SignUp", path)
    } entry: {
      CatalogEntry(
        "SignUp", module: "SignUpFeature", reducer: "SignUpExplorationTests.CreateEnabledWhileChecking()",
        { SignUpExplorationTests.CreateEnabledWhileChecking() },
        dependencies: DependencySetup(imports: ["UserDirectoryClient"], "$0.userDirectory = .noop") {
          $0.userDirectory = .noop
        })
    },
    PlantedBug(name: "location", testName: "exploredLocationCounterexample") { path in
      try await save(
        LocationExploration.exploration(LocationExplorationTests.CountsDistanceWhileStopped()), "LocationTracker",
        path)
    } entry: {
      CatalogEntry(
        "LocationTracker", module: "LocationTrackerFeature",
        reducer: "LocationExplorationTests.CountsDistanceWhileStopped()",
        { LocationExplorationTests.CountsDistanceWhileStopped() },
        dependencies: DependencySetup(
          imports: ["BraidLocation"], "$0.locationClient = LocationClient.controlled().client"
        ) { $0.locationClient = LocationClient.controlled().client })
    },
  ]

  /// Saves the counterexample that seed 0 finds within 10,000 steps to `path`.
  static func save<State, Action>(_ broken: Exploration<State, Action>, _ feature: String, _ path: String) async throws
  {
    let report = await broken.run(seed: 0, steps: 10_000)
    let counterexample = try #require(report.counterexample, "\(report)")
    try await broken.recordTrace(of: counterexample.steps, feature: feature, to: path)
  }

  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Counterexamples")

  @Test(arguments: bugs)
  func anEmittedCounterexampleIsWhatTheToolsWriteToday(_ bug: PlantedBug) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-counterexample-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = folder.appendingPathComponent("\(bug.name).trace").path
    try await bug.explore(trace)
    let emitted = try BraidTools.emittedTest(
      ofTrace: trace, testName: bug.testName, catalog: FeatureCatalog([bug.entry()]), toolName: "braid-demo")
    let file = Self.directory.appendingPathComponent(
      "\(bug.testName.prefix(1).uppercased() + bug.testName.dropFirst()).swift")
    if ProcessInfo.processInfo.environment["BRAID_WRITE_COUNTEREXAMPLES"] == "1" {
      try emitted.write(to: file, atomically: true, encoding: .utf8)
    }
    #expect(emitted == (try? String(contentsOf: file, encoding: .utf8)), "\(file.lastPathComponent) is stale")
  }

  /// Runs `session` and returns the failures it reported (an error it threw among them), instead
  /// of failing this test with them.
  func failures(of session: () async throws -> Void) async -> [String] {
    let messages = SanitizerVisibleMutex<[String]>([])
    await IssueReporting.withIssueHandler { issue in
      messages.withLock { $0.append(issue.message) }
    } operation: {
      do {
        try await session()
      } catch {
        messages.withLock { $0.append("threw \(error)") }
      }
    }
    return messages.withLock { $0 }
  }

  /// The timer left running on stop: the fix cancels it at the second tap, where the recording
  /// had it cancelled by the dismount.
  @Test func theCounterTestPassesOnTheBugAndFailsOnTheFixNamingTheEarlierCancellation() async throws {
    try await exploredCounterCounterexample(CounterExplorationTests.TimerNotCancelledOnStop())
    let messages = await failures { try await exploredCounterCounterexample(Counter()) }
    #expect(
      messages.contains {
        $0.contains("before dismounting") && $0.contains("made by send(.timerButtonTapped)")
          && $0.contains("cancelled effect #1 (run under timer")
      }, "\(messages)")
  }

  @Test func theSignUpTestPassesOnTheBugAndFailsOnTheFix() async throws {
    try await exploredSignUpCounterexample(SignUpExplorationTests.CreateEnabledWhileChecking())
    let messages = await failures { try await exploredSignUpCounterexample(SignUpForm()) }
    #expect(!messages.isEmpty)
  }

  @Test func theLocationTestPassesOnTheBugAndFailsOnTheFix() async throws {
    try await exploredLocationCounterexample(LocationExplorationTests.CountsDistanceWhileStopped())
    let messages = await failures { try await exploredLocationCounterexample(LocationTracker()) }
    #expect(!messages.isEmpty)
  }
}
