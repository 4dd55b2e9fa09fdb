/// A layered drawing of a directed graph, after Sugiyama, Tagawa and Toda: arrows that close a
/// cycle are turned to point down, nodes stand in layers, every arrow runs down through one
/// point per rank it crosses, one of those points holding its label, and the order within each
/// rank is chosen to cross less.
///
/// Nodes stand on even ranks and labels on odd ones, so a label never shares a row with a node;
/// an arrow runs straight down through each rank it crosses, in a place of its own, so it passes
/// through no node and no label, and bends only in the gaps between ranks.
struct GraphLayout {
  /// A rectangle: `x` and `y` its top left corner.
  struct Box: Equatable {
    var x = 0.0
    var y = 0.0
    var width = 0.0
    var height = 0.0
  }

  /// An arrow to lay out, with the size of its label.
  struct Arrow {
    let from: Int
    let to: Int
    let labelWidth: Double
    let labelHeight: Double
  }

  /// An arrow as laid out: its points from top to bottom, and its label's box.
  struct Route {
    /// The arrow's index among those given.
    let arrow: Int
    /// Whether the route runs from the arrow's head to its tail (an arrow back up a cycle).
    let isReversed: Bool
    /// The points from the upper node's bottom edge to the lower node's top edge: a vertical
    /// line through each rank between them, in pairs of (top, bottom) of the rank.
    var points: [(x: Double, y: Double)]
    var label = Box()
  }

  static let nodeGap = 28.0
  static let lineGap = 10.0
  static let rankGap = 26.0
  static let margin = 16.0
  /// How far a label stands right of its line.
  static let labelOffset = 5.0

  var nodes: [Box]
  var routes: [Route] = []
  var width = 0.0
  var height = 0.0
  /// How many pairs of lines cross between neighbouring ranks: the measure the order lowers.
  var crossings = 0

  /// One thing standing in a rank: a node, or an arrow passing through, bare or with its label.
  struct Item {
    enum Kind {
      case node(Int)
      case line(route: Int)
      case label(route: Int)
    }
    let kind: Kind
    var width = 0.0
    /// How far the item reaches left of the x its lines meet.
    var left: Double {
      switch kind {
      case .node: width / 2
      case .line, .label: 1
      }
    }
    /// How far it reaches right of that x: a label stands right of its line.
    var right: Double {
      switch kind {
      case .node: width / 2
      case .line: 1
      case .label: GraphLayout.labelOffset + width
      }
    }
    var isNode: Bool { if case .node = kind { true } else { false } }
  }

  /// - Parameters:
  ///   - sizes: Each node's width and height.
  ///   - arrows: The arrows, between distinct nodes.
  ///   - ordersRanks: Whether ranks are ordered to cross less; otherwise items stand in the order
  ///     they were reached (for comparison in tests).
  init(sizes: [(width: Double, height: Double)], arrows: [Arrow], ordersRanks: Bool = true) {
    nodes = sizes.map { Box(width: $0.width, height: $0.height) }
    guard !sizes.isEmpty else { return }
    let (layer, reversed, reached) = Self.layers(count: sizes.count, arrows: arrows)
    // Items by number: the nodes first, then each arrow's points, rank by rank.
    var items = sizes.indices.map { Item(kind: .node($0), width: sizes[$0].width) }
    var ranks = Array(repeating: [Int](), count: 2 * (layer.max() ?? 0) + 1)
    for node in reached { ranks[2 * layer[node]].append(node) }
    var chains: [[Int]] = []
    for (index, arrow) in arrows.enumerated() {
      let (top, bottom) = reversed[index] ? (arrow.to, arrow.from) : (arrow.from, arrow.to)
      let (first, last) = (2 * layer[top], 2 * layer[bottom])
      // The label in the middle of the odd ranks the arrow crosses.
      let labelRank = first + 1 + 2 * (((last - first) / 2 - 1) / 2)
      var chain = [top]
      for rank in (first + 1)..<last {
        items.append(
          rank == labelRank
            ? Item(kind: .label(route: index), width: arrow.labelWidth) : Item(kind: .line(route: index)))
        ranks[rank].append(items.count - 1)
        chain.append(items.count - 1)
      }
      chains.append(chain + [bottom])
      routes.append(Route(arrow: index, isReversed: reversed[index], points: []))
    }
    var order = Ordering(ranks: ranks, chains: chains, count: items.count)
    if ordersRanks { order.reduceCrossings() }
    crossings = order.crossings()
    let x = Coordinates.assign(order, items: items)
    draw(order.ranks, items: items, x: x, chains: chains, arrows: arrows)
  }

  /// Each node's layer, and which arrows are turned to point down: nodes are numbered breadth
  /// first from the first node (then from any node left unreached), an arrow to an earlier
  /// number is turned, and each node stands one layer below the lowest of its predecessors.
  private static func layers(count: Int, arrows: [Arrow]) -> (layer: [Int], reversed: [Bool], reached: [Int]) {
    var outgoing = [[Int]](repeating: [], count: count)
    for arrow in arrows { outgoing[arrow.from].append(arrow.to) }
    var number = [Int?](repeating: nil, count: count)
    var reached: [Int] = []
    for root in 0..<count where number[root] == nil {
      number[root] = reached.count
      reached.append(root)
      var index = reached.count - 1
      while index < reached.count {
        for next in outgoing[reached[index]] where number[next] == nil {
          number[next] = reached.count
          reached.append(next)
        }
        index += 1
      }
    }
    let reversed = arrows.map { number[$0.to]! < number[$0.from]! }
    var below = [[Int]](repeating: [], count: count)
    for (arrow, isReversed) in zip(arrows, reversed) {
      if isReversed { below[arrow.to].append(arrow.from) } else { below[arrow.from].append(arrow.to) }
    }
    // Every turned arrow points to a later number, so the numbering is a topological order.
    var layer = [Int](repeating: 0, count: count)
    for node in reached {
      for next in below[node] { layer[next] = max(layer[next], layer[node] + 1) }
    }
    return (layer, reversed, reached)
  }
}
