import Braid
import BraidTools
import BraidTrace
import Foundation
import Testing

/// The tools on a catalog of a feature of the test's own: the commands' statuses, replay by the
/// name in a trace's header, tests emitted with the entry's dependency setup, and exploration.
@MainActor
@Suite struct BraidToolsTests {
  let catalog = FeatureCatalog([Lamp.entry()])

  func run(_ arguments: [String], on catalog: FeatureCatalog? = nil) async -> Int32 {
    await BraidTools.run(arguments, catalog: catalog ?? self.catalog, toolName: "lamp-tools")
  }

  /// Records a session of the lamp into a new trace and returns its path.
  static func recordedSession() async throws -> String {
    let path = NSTemporaryDirectory() + "braid-tools-\(UUID().uuidString).trace"
    let recorder = TraceRecorder<Lamp.State, Lamp.Action>(
      feature: "Lamp", initialState: Lamp.State(), sink: try .file(at: path))
    var store: Store<Lamp.State, Lamp.Action>? = Store(initialState: Lamp.State(), inspector: recorder.inspector) {
      Lamp()
    }
    for action in [Lamp.Action.switchTapped, .switchTapped, .resetTapped, .switchTapped] {
      await store?.send(action).finish()
    }
    store = nil
    try recorder.close()
    return path
  }

  @Test func usageErrorsExitWith64() async {
    #expect(await run([]) == 64)
    #expect(await run(["fly"]) == 64)
    #expect(await run(["features", "extra"]) == 64)
    #expect(await run(["replay"]) == 64)
    #expect(await run(["explore"]) == 64)
    #expect(await run(["explore", "nothing"]) == 64)
    // The lamp's exploration answers its effects; it has none that runs them.
    #expect(await run(["explore", "lamp", "--run-effects"]) == 64)
    #expect(await run(["features"]) == 0)
    #expect(await run(["help", "replay"]) == 0)
  }

  @Test func runEffectsSaysNoFeatureRunsThemWhenNoneDoes() async throws {
    let explore = try #require(
      BraidTools.commands(catalog: catalog, toolName: "lamp-tools").first { $0.name == "explore" })
    #expect(explore.options.contains("--run-effects    no feature here: run its effects"))
    await #expect(throws: CommandError.usage("--run-effects: no feature here has an exploration that runs its effects"))
    {
      _ = try await explore.run(["lamp", "--run-effects"], {})
    }
  }

  @Test func aTraceIsReplayedByTheEntryItsHeaderNames() async throws {
    let path = try await Self.recordedSession()
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(await run(["replay", path]) == 0)
    #expect(await run(["replay", path, "--at", "2"]) == 0)
    // The same trace against a lamp whose reset breaks the count: the replay diverges.
    #expect(await run(["replay", path], on: FeatureCatalog([Lamp.entry(broken: true)])) == 1)
    // A catalog without the lamp cannot replay it, and says which features it has.
    let others = FeatureCatalog([Lamp.entry(named: "Heater")])
    #expect(await run(["replay", path], on: others) == 1)
    #expect(
      throws: CommandError.runtime("\(path): a trace of Lamp, which this tool cannot replay (its features: Heater)")
    ) {
      try BraidTools.emittedTest(ofTrace: path, testName: "recordedLamp", catalog: others, toolName: "lamp-tools")
    }
  }

  @Test func anEmittedTestCarriesTheEntrysReducerAndDependencySetup() async throws {
    let path = try await Self.recordedSession()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let test = try BraidTools.emittedTest(
      ofTrace: path, testName: "recordedLamp", catalog: catalog, toolName: "lamp-tools")
    #expect(test.contains("import LampFeature\n"))
    #expect(test.contains("import LampClients\n"))
    #expect(test.contains("Lamp()"))
    #expect(test.contains("$0.continuousClock = ImmediateClock()"))
    #expect(test.contains("@Test func recordedLamp()"))
    #expect(test.contains("Emitted by `lamp-tools replay \((path as NSString).lastPathComponent) --emit-test`."))
  }

  @Test func exploringFindsThePlantedBugAndOnlyIt() async {
    #expect(await run(["explore", "lamp", "--steps", "300"]) == 0)
    let broken = FeatureCatalog([Lamp.entry(broken: true)])
    #expect(await run(["explore", "LAMP", "--steps", "300"], on: broken) == 1)
  }
}
