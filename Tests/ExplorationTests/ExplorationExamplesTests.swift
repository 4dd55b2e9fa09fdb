import BraidExploration
import CounterFeature
import CounterTools
import Foundation
import Testing

/// Saved counterexamples are rerun first, whatever the seed, and kept after the bug is fixed.
@MainActor
@Suite struct ExplorationExamplesTests {
  @Test func aSavedCounterexampleIsRerunFirstUntilAndAfterItsBugIsFixed() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("braid-examples-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let examples = ExplorationExamples(directory: directory)
    let broken = CounterExploration.exploration(CounterExplorationTests.TimerNotCancelledOnStop())

    let first = try await broken.run(seed: 0, steps: 10_000, examples: examples)
    let found = try #require(first.counterexample)
    #expect(first.rerunExamples == 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(files.count == 1)
    #expect(files.first?.hasPrefix("counterexample-") == true)

    // One step of walking could not find it; the saved counterexample does, before any walk.
    let again = try await broken.run(seed: 99, steps: 1, examples: examples)
    #expect(again.rerunExamples == 1)
    #expect(again.walks == 0)
    #expect(again.counterexample?.steps.map(\.description) == found.steps.map(\.description))
    // No walk ran: the report shows no coverage table of zeros under the counterexample.
    #expect(again.description.hasSuffix("\ncoverage: no walk ran, so there is none to show"), "\(again)")
    #expect(!again.description.contains("never occurred"))

    // Fixed, the feature passes its saved counterexample, which is kept.
    let fixed = try await CounterExploration.exploration().run(seed: 0, steps: 1_000, examples: examples)
    #expect(fixed.counterexample == nil)
    #expect(fixed.rerunExamples == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 1)
  }
}
