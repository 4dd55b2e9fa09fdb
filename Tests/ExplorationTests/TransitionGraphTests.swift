import CounterFeature
import CounterTools
import SignUpTools
import Testing

@testable import BraidExploration

/// The state machine an exploration observed, as Mermaid and DOT: nodes from key paths or a
/// closure, edges by action case, the same text for the same seed.
@MainActor
@Suite struct TransitionGraphTests {
  @Test func theCountersTimerDrawnFromAKeyPath() async throws {
    let exploration = CounterExploration.exploration().graphing(\.isTimerRunning)
    let report = await exploration.run(seed: 5, steps: 2_000)
    let graph = try #require(report.graph)
    #expect(graph.nodes == ["isTimerRunning: false", "isTimerRunning: true"])
    #expect(
      graph.mermaid() == """
        stateDiagram-v2
          state "isTimerRunning: false" as s0
          state "isTimerRunning: true" as s1
          [*] --> s0
          s0 --> s1: timerButtonTapped
          s1 --> s0: timerButtonTapped
          %% 9 edge(s) from a node to itself not drawn
          %% never taken: countChangedElsewhere

        """)
    let dot = graph.dot(name: "Counter", includingSelfLoops: true)
    #expect(dot.hasPrefix("digraph \"Counter\" {\n  node [shape=box, style=rounded];\n"))
    #expect(dot.contains("  s1 -> s1 [label=\"timerTicked\", style=dashed];\n"))
    #expect(dot.contains("  s0 -> s0 [label=\"incrementButtonTapped\"];\n"))
    let again = try #require(await exploration.run(seed: 5, steps: 2_000).graph)
    #expect(again.mermaid() == graph.mermaid())
  }

  @Test func casesNeverTakenAreListed() async throws {
    let exploration = CounterExploration.exploration().graphing(CounterExploration.node)
    let report = await exploration.run(seed: 0, steps: 3)
    let graph = try #require(report.graph)
    #expect(!graph.unexercised.isEmpty)
    #expect(graph.mermaid().hasSuffix("  %% never taken: \(graph.unexercised.joined(separator: ", "))\n"))
  }
}
