import Braid
import BraidTrace
import Foundation
import Testing

@MainActor
@Suite struct TraceRecorderTests {
  /// Records `actions` sent to a fresh `Tally` store, its effects awaited, then releases it.
  static func record(
    _ actions: [Tally.Action], to path: String, keyframeInterval: Int = 2
  ) async throws -> TraceRecorder<Tally.State, Tally.Action> {
    let recorder = TraceRecorder<Tally.State, Tally.Action>(
      feature: "Tally", initialState: Tally.State(), sink: try .file(at: path), keyframeInterval: keyframeInterval)
    var store: Store<Tally.State, Tally.Action>? = Store(initialState: Tally.State(), inspector: recorder.inspector) {
      Tally()
    } withDependencies: {
      // Values a replay cannot guess: it must get them from the trace.
      $0.uuid = UUIDGenerator { UUID() }
      $0.withRandomNumberGenerator = .seeded(.random(in: 0 ... .max))
    }
    for action in actions { await store?.send(action).finish() }
    store = nil
    return recorder
  }

  @Test func aTraceHasAHeaderAnInitialStateAndALinePerEventCreatedOwnerOnly() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try await Self.record([.increment, .add("a"), .load, .stamp], to: path)
    try recorder.close()
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let written = try lines(of: path)
    let events = try written.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    #expect(events[0]["format"] as? String == "braid-trace")
    #expect(events[0]["version"] as? Int == 2)
    #expect(events[0]["feature"] as? String == "Tally")
    #expect(events[0]["replayable"] as? Bool == true)
    #expect((events[0]["fingerprint"] as? String)?.count == 16)
    #expect(events[1]["event"] as? String == "initial")
    let kinds = events.dropFirst(2).map { $0["event"] as! String }
    #expect(
      kinds == [
        "mounted", "action", "state", "action", "state", "action", "state", "effectStarted", "action", "state",
        "effectFinished", "action", "read", "state", "releasing", "released",
      ])
    // The effect's action names the effect it came from; every second state is a keyframe.
    let actions = events.filter { $0["event"] as? String == "action" }
    #expect(actions.map { $0["origin"] as? String } == ["external", "external", "external", "effect:1", "external"])
    let states = events.filter { $0["event"] as? String == "state" }
    #expect(states.map { $0["state"] != nil } == [false, true, false, true, false])
    // `load` changes nothing: its state's digest is the one before it.
    let digests = states.compactMap { $0["digest"] as? String }
    #expect(digests.count == 5)
    #expect(Set(digests).count == 4)
    #expect(digests[1] == digests[2])
  }

  @Test func aFileThatExistsOrIsALinkIsNeverWrittenThrough() throws {
    let path = temporaryTracePath()
    let link = temporaryTracePath("link")
    defer {
      try? FileManager.default.removeItem(atPath: path)
      try? FileManager.default.removeItem(atPath: link)
    }
    _ = FileManager.default.createFile(atPath: path, contents: Data("keep".utf8))
    #expect(throws: TraceError.self) { try TraceSink.file(at: path) }
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path + ".target")
    #expect(throws: TraceError.self) { try TraceSink.file(at: link) }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep")
    #expect(!FileManager.default.fileExists(atPath: path + ".target"))
  }

  @Test func aFeatureWithoutCodableActionsRecordsDumpsAndSaysItCannotBeReplayed() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = TraceRecorder<Opaque.State, Opaque.Action>(
      feature: "Opaque", initialState: Opaque.State(), sink: try .file(at: path))
    var store: Store<Opaque.State, Opaque.Action>? = Store(initialState: Opaque.State(), inspector: recorder.inspector)
    {
      Opaque()
    }
    store?.send(.tap)
    store = nil
    try recorder.close()
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(#""replayable":false"#))
    #expect(text.contains(#""dump":".tap""#))
    #expect(throws: TraceError.notReplayable(feature: "Opaque")) { try TraceReplay(path: path, feature: Tally()) }
  }
}
