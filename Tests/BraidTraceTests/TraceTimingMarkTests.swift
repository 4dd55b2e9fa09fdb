import Braid
import BraidTestSupport
import Foundation
import Testing

@testable import BraidTrace

/// A trace marks the effect a `debounce` built, with its quiet time, so that a reader can tell
/// the effects whose timing is the point (the wait) from those that only wait for a client (the
/// lookup it starts); the timeline heads its lane with it.
@MainActor
struct TraceTimingMarkTests {
  @Test func theDebouncesWaitIsMarkedInTheTraceAndTheTimeline() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await TraceEffectNumberingTests.record(to: path)
    let started = try lines(of: path).dropFirst().map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }.filter { $0["event"] as? String == "effectStarted" }
    #expect(started.map { $0["timing"] as? String } == ["debounce", nil, nil])
    #expect(started.map { ($0["interval"] as? NSNumber)?.int64Value } == [300_000_000, nil, nil])

    let timeline = try TraceTimeline.html(path: path, feature: Lookup(clock: TestClock()))
    #expect(timeline.contains("#1 run search (debounce 300 ms)"))
    #expect(timeline.contains("#1.1 run search<") || timeline.contains("#1.1 run search\""))
    // The lookup starts when the wait ends, 300 ms after the typing: a row of its own, at its
    // time, rather than on the typing's row at 0 ms.
    let rows = timeline.components(separatedBy: "<tr class=").dropFirst()
    let lookup = try #require(rows.first { $0.contains("<em>#1 starts #1.1</em>") })
    #expect(lookup.contains("<td class=\"time\">300.000</td>"))
    #expect(lookup.contains("class=\"lane start\""))
    let typed = try #require(rows.first { $0.contains(".typed(") })
    #expect(typed.components(separatedBy: "class=\"lane start\"").count == 2, "only the wait starts there")
  }

  @Test func aMarkReadsBackAndAnIntervalIsOptional() throws {
    let decoder = JSONDecoder()
    let marked = try decoder.decode(
      TraceLine.self,
      from: Data(
        #"{"effect":"1","event":"effectStarted","interval":1500000,"kind":"run","seq":4,"time":0,"timing":"throttle"}"#
          .utf8))
    guard case .effectStarted(_, _, _, _, _, let timing?) = marked.event else {
      Issue.record("no timing read: \(marked.event)")
      return
    }
    #expect(timing == TraceEvent.Timing(kind: "throttle", interval: 1_500_000))
    #expect(timing.description == "throttle 1.5 ms")
    let unmeasured = TraceEvent.Timing(kind: "debounce", interval: nil)
    #expect(unmeasured.description == "debounce")
    #expect(
      try TraceLineEncoder().encode(marked)
        == Array(
          #"{"effect":"1","event":"effectStarted","interval":1500000,"kind":"run","seq":4,"time":0,"timing":"throttle"}"#
            .utf8))
  }
}
