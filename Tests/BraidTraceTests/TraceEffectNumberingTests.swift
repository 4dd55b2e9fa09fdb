import Braid
import BraidTestSupport
import Foundation
import Testing

@testable import BraidTrace

/// One numbering of effects across a trace, replay, the timeline and an emitted test: the
/// effects reducers return are 1, 2, … as a described `TestStore` numbers them, and the run a
/// `debounce` starts is 1.1, under the effect whose task started it. Before format version 2,
/// the trace counted that run as effect 2, the next returned effect as 3, and the emitted test
/// called them effect1 and effect2.
@MainActor
struct TraceEffectNumberingTests {
  /// Records typing, the debounce's wait and a ping.
  static func record(to path: String) async throws {
    let clock = TestClock()
    let recorder: TraceRecorder<Lookup.State, Lookup.Action>
    var store: Store<Lookup.State, Lookup.Action>?
    (recorder, store) = try Lookup.recordedStore(on: clock, to: path)
    let typed = store?.send(.typed("ab"))
    await clock.expectSleepers(1)
    await clock.advance(by: .milliseconds(300))
    await typed?.finish()
    await store?.send(.ping).finish()
    store = nil
    try recorder.close()
  }

  @Test func theTraceNumbersReturnedEffectsInOrderAndNestedOnesUnderTheirStarter() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await Self.record(to: path)
    let events = try lines(of: path).dropFirst().map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
    let started = events.filter { $0["event"] as? String == "effectStarted" }
    #expect(started.map { $0["effect"] as? String } == ["1", "1.1", "2"])
    #expect(started.allSatisfy { $0["parent"] == nil })
    let origins = events.compactMap { $0["origin"] as? String }
    #expect(origins == ["external", "effect:1.1", "external", "effect:2"])
    // Each start comes before its end, and every effect ends.
    let finished = events.filter { $0["event"] as? String == "effectFinished" }.compactMap { $0["effect"] as? String }
    #expect(Set(finished) == ["1", "1.1", "2"])
  }

  @Test func replayTheTimelineAndTheEmittedTestUseTheTracesNumbers() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await Self.record(to: path)
    let clock = TestClock()
    var replay = try TraceReplay(path: path, feature: Lookup(clock: clock))
    var origins: [String] = []
    while let step = try replay.forward() { origins.append(step.origin) }
    #expect(origins == ["external", "effect:1.1", "external", "effect:2"])
    #expect(replay.state.pongs == 1 && replay.state.results == ["ab", "abab"])

    let timeline = try TraceTimeline.html(path: path, feature: Lookup(clock: clock))
    for head in ["#1 run search", "#1.1 run", "#2 run"] {
      #expect(timeline.contains(head), "no lane headed \(head)")
    }

    let emitted = try TraceTestEmitter(testName: "recordedLookup", imports: [], reducer: "Lookup(clock: clock)")
      .emit(path: path, feature: Lookup(clock: clock))
    // The debounce ran in the recording: the test runs it on a test clock and asserts what it
    // started after the advance, by the trace's numbers.
    #expect(
      emitted.contains(
        #"store.effectStarted(.run, ids: ["search"], timing: EffectTiming(.debounce, interval: .milliseconds(300)))  // effect1"#
      ))
    #expect(emitted.contains("await clock.advance(by: .milliseconds(300))\n"))
    #expect(emitted.contains("// Started by effect1 once its wait was over; the test store numbers it #2."))
    #expect(emitted.contains(#"let effect1_1 = store.effectStarted(.run, ids: ["search"])"#))
    #expect(emitted.contains("// The trace's effect 2; the test store numbers it #3."))
    #expect(emitted.contains("let effect2 = store.effectStarted(.run)"))
    #expect(emitted.contains("await store.answer(effect2, with: .pong)"))
  }

  @Test func numbersAreReadFromBothVersionsAndOtherTextIsRefused() throws {
    #expect(TraceEffectNumber("1.12.3")?.components == [1, 12, 3])
    #expect(TraceEffectNumber("7")?.parent == nil)
    #expect(TraceEffectNumber("1.2")?.parent == TraceEffectNumber([1]))
    for text in ["", "0", "1.", ".1", "1..2", "-1", "1.0", "a", "١"] {
      #expect(TraceEffectNumber(text) == nil, "read '\(text)'")
    }
    let decoder = JSONDecoder()
    #expect(try decoder.decode(TraceEffectNumber.self, from: Data("3".utf8)) == TraceEffectNumber([3]))
    #expect(try decoder.decode(TraceEffectNumber.self, from: Data(#""2.1""#.utf8)) == TraceEffectNumber([2, 1]))
    #expect(throws: DecodingError.self) { try decoder.decode(TraceEffectNumber.self, from: Data("0".utf8)) }
    #expect(throws: DecodingError.self) { try decoder.decode(TraceEffectNumber.self, from: Data(#""x""#.utf8)) }
  }
}
