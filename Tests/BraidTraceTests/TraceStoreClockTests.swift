import Braid
import BraidTestSupport
import BraidTrace
import Foundation
import Testing

/// A trace's `time` is the time on the store's own clock: with a `TestClock` as the store's
/// `continuousClock`, the test clock's time, so that the debounce's 300 ms show as exactly
/// 300 ms and a recording made twice has the same times. Before, it was the machine's time since
/// the recorder was made, which no replay or test could compare.
@MainActor
struct TraceStoreClockTests {
  /// Records typing, the debounce's wait, a second's pause and a ping; returns each stamped
  /// event's kind, effect (if any) and time.
  static func record(clockDependency: Bool) async throws -> [(event: String, effect: String?, time: Int64)] {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let clock = TestClock()
    let recorder: TraceRecorder<Lookup.State, Lookup.Action>
    var store: Store<Lookup.State, Lookup.Action>?
    (recorder, store) = try Lookup.recordedStore(on: clock, to: path, clockDependency: clockDependency)
    let typed = store?.send(.typed("ab"))
    await clock.expectSleepers(1)
    await clock.advance(by: .milliseconds(300))
    await typed?.finish()
    await clock.advance(by: .seconds(1))
    await store?.send(.ping).finish()
    store = nil
    try recorder.close()
    return try lines(of: path).dropFirst(2).map { line in
      let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      return (event["event"] as! String, event["effect"] as? String, (event["time"] as! NSNumber).int64Value)
    }
  }

  @Test func timesAreTheStoresTestClocksTime() async throws {
    let events = try await Self.record(clockDependency: true)
    let time = { (kind: String, effect: String?) in
      events.first { $0.event == kind && $0.effect == effect }?.time
    }
    #expect(time("mounted", nil) == 0)
    #expect(time("effectStarted", "1") == 0)
    #expect(time("effectStarted", "1.1") == 300_000_000)
    #expect(time("effectStarted", "2") == 1_300_000_000)
    #expect(time("released", nil) == 1_300_000_000)
    let again = try await Self.record(clockDependency: true)
    #expect(again.map(\.time) == events.map(\.time))
  }

  @Test func aStoreWhoseClockCannotSayIsStampedOnTheContinuousClock() async throws {
    // The test value of `continuousClock` is an `UnimplementedClock`: asked for the time, it
    // would record an issue here.
    let events = try await Self.record(clockDependency: false)
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
    #expect(events.count > 10)
  }
}
