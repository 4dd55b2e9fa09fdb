import CounterTools
import Foundation
import SignUpTools
import Testing

@testable import BraidExploration

/// The state-machine picture read back from its SVG, as a person reads it: no arrow runs through
/// a node it does not join, no label covers a node or another label, every node's label fits
/// its box, and the picture shrinks to its container.
@MainActor
struct TransitionGraphGeometryTests {
  @Test(
    .disabled(
      if: ExplorationBudget.isSanitized,
      "the plain pass checks the layout; instrumented, its 100,000 steps take a minute and find no more"))
  func theSignUpFormsGraphIsDrawnWithoutOverlaps() async throws {
    let report = await SignUpExploration.exploration().graphing(SignUpExploration.node).run(seed: 0, steps: 100_000)
    let graph = try #require(report.graph)
    #expect(graph.nodes.count >= 12)
    try Self.check(graph.svg, nodes: graph.nodes.count)
  }

  @Test func theCountersGraphIsDrawnWithoutOverlaps() async throws {
    let report = await CounterExploration.exploration().graphing(CounterExploration.node).run(seed: 0, steps: 10_000)
    let graph = try #require(report.graph)
    try Self.check(graph.svg, nodes: graph.nodes.count)
  }

  /// Dense graphs the examples do not make: every seed a different tangle of arrows both ways,
  /// long labels and long node names among them.
  @Test(arguments: 0..<6) func randomGraphsAreDrawnWithoutOverlaps(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    var graph = TransitionGraph(cases: ["a", "b"])
    let names = (0..<(6 + Int(random.next() % 10))).map { number in
      (0...Int(random.next() % 4)).map { "part\(number)-\($0)" }.joined(separator: ", ")
    }
    for _ in 0..<(10 + Int(random.next() % 40)) {
      let from = names[Int(random.next() % UInt64(names.count))]
      let to = names[Int(random.next() % UInt64(names.count))]
      let action = ["tapped", "somethingMuchLongerHappened", "x"][Int(random.next() % 3)]
      graph.add(from: from, to: to, action: action, isFedBack: random.next() % 3 == 0)
    }
    try Self.check(graph.svg, nodes: graph.nodes.count)
  }

  @Test func orderingTheRanksCrossesLessThanTheOrderReached() async throws {
    let report = await SignUpExploration.exploration().graphing(SignUpExploration.node).run(seed: 1, steps: 20_000)
    let graph = try #require(report.graph)
    let ordered = TransitionGraph.Drawing(graph).layout.crossings
    let reached = TransitionGraph.Drawing(graph, ordersRanks: false).layout.crossings
    #expect(ordered < reached, "ordered \(ordered), in the order reached \(reached)")
  }

  /// Checks the picture's geometry, read from the SVG's own attributes.
  static func check(_ svg: String, nodes count: Int) throws {
    let picture = try SVGPicture(svg)
    #expect(picture.nodes.count == count)
    #expect(picture.scalesToItsContainer, "the picture keeps its width: \(picture.width)")
    for (id, node) in picture.nodes {
      for line in node.lines {
        #expect(node.box.contains(line), "\(id)'s label is cut: \(line) outside \(node.box)")
      }
    }
    let labels = picture.edges.flatMap { edge in edge.labels.map { (edge, $0) } }
    for (index, (edge, label)) in labels.enumerated() {
      for (id, node) in picture.nodes where node.box.overlaps(label) {
        Issue.record("the label of \(edge.from)→\(edge.to) covers \(id)")
      }
      for (other, otherLabel) in labels[(index + 1)...] where label.overlaps(otherLabel) {
        Issue.record("the labels of \(edge.from)→\(edge.to) and \(other.from)→\(other.to) overlap")
      }
    }
    for edge in picture.edges {
      for point in edge.points {
        for (id, node) in picture.nodes where id != edge.from && id != edge.to && node.box.contains(point) {
          Issue.record("\(edge.from)→\(edge.to) runs through \(id) at \(point)")
          return
        }
        for (other, label) in labels where label.contains(point) {
          Issue.record("\(edge.from)→\(edge.to) runs through the label of \(other.from)→\(other.to)")
          return
        }
      }
    }
  }
}

/// A seeded generator, so each argument is one graph everywhere.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
