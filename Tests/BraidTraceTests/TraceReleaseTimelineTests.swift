import Braid
import BraidTestSupport
import BraidTrace
import Foundation
import Testing

@MainActor
struct TraceReleaseTimelineTests {
  /// An effect still running when its store goes is cancelled by the release, and drawn so:
  /// before version 2 the trace said `released` only after those cancellations, and the
  /// timeline drew them on the last action's row, as if that action had cancelled them.
  @Test func aCancellationAtReleaseIsDrawnOnTheReleasesRow() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let clock = TestClock()
    let recorder: TraceRecorder<Lookup.State, Lookup.Action>
    var store: Store<Lookup.State, Lookup.Action>?
    (recorder, store) = try Lookup.recordedStore(on: clock, to: path)
    _ = store?.send(.typed("ab"))
    await clock.expectSleepers(1)
    store = nil
    try recorder.close()
    let events = try lines(of: path).dropFirst(2).map {
      (try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any])["event"] as! String
    }
    #expect(events.suffix(3) == ["releasing", "effectCancelled", "released"])

    let page = try TraceTimeline.html(path: path, feature: Lookup(clock: clock))
    let rows = page.components(separatedBy: "<tr class=").dropFirst()
    let released = try #require(rows.first { $0.contains("<em>released</em>") })
    #expect(released.contains("class=\"lane cancelled\""))
    #expect(rows.filter { $0.contains("<em>released</em>") }.count == 1)
    #expect(!rows.contains { $0.hasPrefix("\"step\"") && $0.contains("cancelled") })
  }
}
