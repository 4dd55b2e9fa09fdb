import Braid
import BraidTrace
import Foundation
import Testing

/// `TraceTestEmitter`: a trace becomes a `TestStore` test with described effects. The emitted
/// sign-up test in `Tests/RecordedSessionTests` is compiled and run; these tests pin how each
/// kind of event and value is written, and what is refused.
@MainActor
@Suite struct TraceTestEmitterTests {
  static let emitter = TraceTestEmitter(testName: "recordedTally", imports: ["TallyFeature"], reducer: "Tally()")

  @Test func eachStepIsWrittenWithLiteralsAndItsEffectsAnswered() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await TraceRecorderTests.record([.increment, .move(x: 2, y: 3), .add("q\"b\\s\n"), .load], to: path).close()
    let source = try Self.emitter.emit(path: path, feature: Tally())
    let body = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(body.first == "import Braid")
    #expect(body.contains("import TallyFeature"))
    #expect(body.contains("@Test func recordedTally() async throws {"))
    #expect(
      Array(body.drop { !$0.contains("await store.send(.increment)") }.prefix(9)) == [
        "  await store.send(.increment) {",
        "    $0.count = 1",
        "  }",
        "  await store.send(.move(x: 2, y: 3)) {",
        "    $0.count = 7",
        "  }",
        #"  await store.send(.add("q\"b\\s\n")) {"#,
        #"    $0.names = ["q\"b\\s\n"]"#,
        // A dictionary and a set have no literal that reads back as the same value.
        ##"    $0.byName = try JSONDecoder().decode(Swift.Dictionary<Swift.String, Swift.Int>.self, from: Data(#"{"q\"b\\s\n":1}"#.utf8))"##,
      ])
    #expect(
      Array(body.drop { !$0.contains("await store.send(.load)") }) == [
        "  await store.send(.load)",
        "  let effect1 = store.effectStarted(.run)",
        "  await store.answer(effect1, with: .loaded(42))",
        "  await store.receive(.loaded(42)) {",
        "    $0.count = 49",
        "  }",
        "  await store.complete(effect1)",
        "  await store.finish()",
        "}",
        "",
      ])
  }

  @Test func aTraceWhoseReplayDivergesIsRefusedNamingItsLine() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await TraceRecorderTests.record([.add("x"), .increment], to: path).close()
    #expect {
      try Self.emitter.emit(path: path, feature: Tally(step: 5))
    } throws: { error in
      guard case .cannotEmit(let line, let reason) = error as? TraceError else { return false }
      return line > 2 && reason.hasPrefix("the replay diverges at step 2")
    }
  }

  @Test func valuesReadWhileReducingAreRefusedNotGuessed() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await TraceRecorderTests.record([.increment, .stamp], to: path).close()
    #expect {
      try Self.emitter.emit(path: path, feature: Tally())
    } throws: { error in
      guard case .cannotEmit(_, let reason) = error as? TraceError else { return false }
      return reason.contains("read a uuid, a date or random numbers")
    }
  }
}
