import BraidExploration
import Foundation
import SignUpTools
import Testing

/// The sign-up form's state machine in `Examples/SignUp/README.md` is what an exploration draws
/// today: `Scripts/signup-state-machine.sh` redraws it.
@MainActor
@Suite(
  .disabled(
    if: ExplorationBudget.isSanitized,
    "the plain pass checks the graph; instrumented, its 100,000 steps take minutes"))
struct SignUpStateMachineTests {
  @Test func theReadmesStateMachineIsFresh() async throws {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples/SignUp/README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let begin = try #require(text.range(of: "<!-- state machine: begin -->\n"))
    let end = try #require(text.range(of: "<!-- state machine: end -->"))
    let report = await SignUpExploration.exploration().graphing(SignUpExploration.node).run(seed: 0, steps: 100_000)
    let graph = try #require(report.graph)
    #expect(
      text[begin.upperBound..<end.lowerBound] == "```mermaid\n\(graph.mermaid())```\n",
      "run Scripts/signup-state-machine.sh")
    #expect(report.counterexample == nil)
  }
}
