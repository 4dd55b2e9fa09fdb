import Braid
import BraidExploration
import BraidTrace
import CounterFeature
import CounterTools
import Foundation
import Testing

/// The timeline of a counterexample shows each effect's end on the row that caused it. The
/// counter's timer left running on stop is cancelled by the dismount: drawn on the last tap's
/// row, as it was, it showed the tap cancelling the timer, the opposite of the bug.
@MainActor
@Suite struct CounterexampleTimelineTests {
  /// The rows of `page`'s timeline, each as its HTML.
  static func rows(of page: String) -> [String] {
    page.components(separatedBy: "<tr class=").dropFirst().map { "<tr class=" + $0 }
  }

  @Test func theDismountsCancellationIsDrawnOnTheDismountsOwnRow() async throws {
    let broken = CounterExploration.exploration(CounterExplorationTests.TimerNotCancelledOnStop())
    let counterexample = try #require(await broken.run(seed: 0, steps: 10_000).counterexample)
    #expect(counterexample.steps.map(\.description) == ["send .timerButtonTapped", "send .timerButtonTapped"])
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("braid-timeline-\(UUID()).trace").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await broken.recordTrace(of: counterexample.steps, feature: "Counter", to: path)
    let page = try TraceTimeline.html(path: path, feature: CounterExplorationTests.TimerNotCancelledOnStop())
    let rows = Self.rows(of: page)
    let kinds = rows.map { row in
      row.hasPrefix("<tr class=\"lifecycle\"") ? String(row.split(separator: "<em>")[1].prefix { $0 != "<" }) : "step"
    }
    #expect(kinds == ["mounted", "step", "step", "dismounted", "released"], "\(rows)")
    // Started by the first tap, running through the second, cancelled by the dismount.
    #expect(rows[1].contains("class=\"lane start\""))
    #expect(rows[2].contains("class=\"lane run\""))
    #expect(!rows[2].contains("cancelled"))
    #expect(rows[3].contains("class=\"lane cancelled\""))
    // The lane is headed by its effect, and each row shows its time.
    #expect(page.contains("<th class=\"lane\">#1 run timer</th>"))
    #expect(rows.allSatisfy { $0.contains("<td class=\"time\">") })
  }
}
