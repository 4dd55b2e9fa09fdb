extension GraphLayout {
  /// Where each item stands across: near the mean of its neighbours, in its rank's order, apart
  /// by at least its own reach and a gap.
  enum Coordinates {
    /// Each item's x, the place its lines meet.
    static func assign(_ order: Ordering, items: [Item]) -> [Double] {
      var x = [Double](repeating: 0, count: items.count)
      for rank in order.ranks {
        var at = 0.0
        for (index, item) in rank.enumerated() {
          if index > 0 { at += separation(items[rank[index - 1]], items[item]) }
          x[item] = at
        }
      }
      // Down, up, then both ways, a few times: each rank pulled towards its neighbours.
      for pass in 0..<12 {
        let ranks = pass % 2 == 0 ? Array(order.ranks.indices) : order.ranks.indices.reversed()
        for rank in ranks {
          let members = order.ranks[rank]
          let desired = members.map { item in
            let neighbours =
              pass >= 8 ? order.above[item] + order.below[item] : pass % 2 == 0 ? order.above[item] : order.below[item]
            return neighbours.isEmpty ? x[item] : neighbours.map { x[$0] }.reduce(0, +) / Double(neighbours.count)
          }
          // An arrow's points pull harder than nodes: long arrows run straight.
          let weights = members.map { items[$0].isNode ? 1.0 : 4.0 }
          let gaps = zip(members, members.dropFirst()).map { separation(items[$0], items[$1]) }
          for (item, value) in zip(members, fit(desired, weights: weights, gaps: gaps)) { x[item] = value }
        }
      }
      return x
    }

    /// How far apart two neighbours in a rank must stand, from line to line.
    static func separation(_ left: Item, _ right: Item) -> Double {
      left.right + (left.isNode && right.isNode ? GraphLayout.nodeGap : GraphLayout.lineGap) + right.left
    }

    /// The places closest to `desired` (least weighted squares) that keep their order and
    /// stand at least `gaps` apart: shifted by the gaps, an isotonic regression, solved by
    /// pooling adjacent violators.
    static func fit(_ desired: [Double], weights: [Double], gaps: [Double]) -> [Double] {
      var offset = [0.0]
      for gap in gaps { offset.append(offset.last! + gap) }
      // Blocks of pooled values: their mean, total weight and length.
      var blocks: [(mean: Double, weight: Double, count: Int)] = []
      for (index, value) in desired.enumerated() {
        var block = (mean: value - offset[index], weight: weights[index], count: 1)
        while let last = blocks.last, last.mean > block.mean {
          let weight = last.weight + block.weight
          block = ((last.mean * last.weight + block.mean * block.weight) / weight, weight, last.count + block.count)
          blocks.removeLast()
        }
        blocks.append(block)
      }
      var result: [Double] = []
      for block in blocks {
        for _ in 0..<block.count { result.append(block.mean + offset[result.count]) }
      }
      return result
    }
  }

  /// Sets every box and route from the ranks and the items' places: ranks stacked top to
  /// bottom, each as tall as its tallest item, and the picture moved to its margin.
  mutating func draw(_ ranks: [[Int]], items: [Item], x: [Double], chains: [[Int]], arrows: [Arrow]) {
    let leftmost = ranks.flatMap { $0.map { x[$0] - items[$0].left } }.min() ?? 0
    let shift = Self.margin - leftmost
    var top = [Double](repeating: 0, count: ranks.count)
    var bottom = [Double](repeating: 0, count: ranks.count)
    var at = Self.margin
    for (rank, members) in ranks.enumerated() {
      let tallest =
        members.map { item -> Double in
          switch items[item].kind {
          case .node(let node): nodes[node].height
          case .label(let route): arrows[route].labelHeight
          case .line: 0
          }
        }.max() ?? 0
      (top[rank], bottom[rank]) = (at, at + tallest)
      at += tallest + Self.rankGap
      for item in members {
        switch items[item].kind {
        case .node(let node):
          nodes[node].x = x[item] + shift - nodes[node].width / 2
          nodes[node].y = top[rank] + (tallest - nodes[node].height) / 2
        case .label(let route):
          routes[route].label = Box(
            x: x[item] + shift + Self.labelOffset, y: top[rank] + (tallest - arrows[route].labelHeight) / 2,
            width: arrows[route].labelWidth, height: arrows[route].labelHeight)
        case .line: break
        }
      }
    }
    height = at - Self.rankGap + Self.margin
    width = (ranks.flatMap { $0.map { x[$0] + items[$0].right } }.max() ?? 0) + shift + Self.margin
    let rankOf = Dictionary(
      uniqueKeysWithValues: ranks.enumerated().flatMap { rank, members in members.map { ($0, rank) } })
    let ports = Self.ports(nodes: nodes, chains: chains, x: { x[$0] + shift })
    for (route, chain) in chains.enumerated() {
      let (upper, lower) = (chain.first!, chain.last!)
      var points = [(ports.leaving[route], nodes[upper].y + nodes[upper].height)]
      points.append((ports.leaving[route], bottom[rankOf[upper]!]))
      for item in chain.dropFirst().dropLast() {
        points.append((x[item] + shift, top[rankOf[item]!]))
        points.append((x[item] + shift, bottom[rankOf[item]!]))
      }
      points.append((ports.entering[route], top[rankOf[lower]!]))
      points.append((ports.entering[route], nodes[lower].y))
      routes[route].points = points
    }
  }

  /// Where each route leaves its upper node and reaches its lower one: spread along the node's
  /// edge in the order of where the routes go next, so that they part without crossing there.
  private static func ports(
    nodes: [Box], chains: [[Int]], x: (Int) -> Double
  ) -> (leaving: [Double], entering: [Double]) {
    var leaving = [Double](repeating: 0, count: chains.count)
    var entering = [Double](repeating: 0, count: chains.count)
    var out: [Int: [Int]] = [:]
    var into: [Int: [Int]] = [:]
    for (route, chain) in chains.enumerated() {
      out[chain.first!, default: []].append(route)
      into[chain.last!, default: []].append(route)
    }
    for (node, routes) in out {
      let sorted = routes.sorted { (x(chains[$0][1]), $0) < (x(chains[$1][1]), $1) }
      for (index, route) in sorted.enumerated() {
        leaving[route] = nodes[node].x + nodes[node].width * Double(index + 1) / Double(sorted.count + 1)
      }
    }
    for (node, routes) in into {
      let sorted = routes.sorted {
        (x(chains[$0][chains[$0].count - 2]), $0) < (x(chains[$1][chains[$1].count - 2]), $1)
      }
      for (index, route) in sorted.enumerated() {
        entering[route] = nodes[node].x + nodes[node].width * Double(index + 1) / Double(sorted.count + 1)
      }
    }
    return (leaving, entering)
  }
}
