import BraidTrace

extension TransitionGraph {
  /// The graph drawn as an SVG element, laid out here (no script, no network): nodes in layers by
  /// their distance in steps from the first, edges between two nodes merged into one arrow
  /// labelled by their cases, an answer of an effect dashed. Steps that stay on their node are
  /// not drawn.
  public var svg: String {
    let layout = Layout(self)
    var parts: [String] = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"graph\" width=\"\(layout.width)\" height=\"\(layout.height)\" viewBox=\"0 0 \(layout.width) \(layout.height)\">",
      "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#555\"/></marker></defs>",
    ]
    for (index, arrow) in layout.arrows.enumerated() {
      let (from, to) = (layout.position[arrow.from], layout.position[arrow.to])
      // Arrows leave and reach a node at spread-out points, so that they and their labels part.
      let spread = (index % 5 - 2) * 14
      let path: String
      let label: (x: Int, y: Int)
      if to.y > from.y {
        let start = (x: from.x + Layout.nodeWidth / 2 + spread, y: from.y + Layout.nodeHeight)
        let end = (x: to.x + Layout.nodeWidth / 2 + spread / 2, y: to.y)
        path = "M \(start.x) \(start.y) L \(end.x) \(end.y)"
        // Near the head, where arrows from one node have parted.
        label = (start.x + (end.x - start.x) * 2 / 3 + 4, start.y + (end.y - start.y) * 2 / 3)
      } else if to.y == from.y {
        // Along one row: a curve under both nodes.
        let start = (x: from.x + Layout.nodeWidth / 2 + spread, y: from.y + Layout.nodeHeight)
        let end = (x: to.x + Layout.nodeWidth / 2 - spread, y: to.y + Layout.nodeHeight)
        let dip = start.y + 28 + abs(spread)
        path = "M \(start.x) \(start.y) C \(start.x) \(dip), \(end.x) \(dip), \(end.x) \(end.y)"
        label = ((start.x + end.x) / 2, dip - 2)
      } else {
        // Back up: a curve out to the right, past every node, each arrow a little further out.
        let start = (x: from.x + Layout.nodeWidth, y: from.y + Layout.nodeHeight / 2 + spread / 3)
        let end = (x: to.x + Layout.nodeWidth, y: to.y + Layout.nodeHeight / 2 + spread / 3)
        let bend = layout.rightmost + 30 + 16 * (index % 8)
        path = "M \(start.x) \(start.y) C \(bend) \(start.y), \(bend) \(end.y), \(end.x) \(end.y)"
        label = (bend - 10, end.y + (start.y - end.y) / 3 + 12 * (index % 3))
      }
      let dash = arrow.isFedBack ? " stroke-dasharray=\"5 4\"" : ""
      parts.append(
        "<g class=\"edge\"><path d=\"\(path)\" fill=\"none\" stroke=\"#555\"\(dash) marker-end=\"url(#arrow)\"/><text x=\"\(label.x)\" y=\"\(label.y)\" class=\"edge-label\">\(HTMLText.escaped(arrow.label))</text></g>"
      )
    }
    for (number, name) in nodes.enumerated() {
      let point = layout.position[number]
      let shown = name.count > 30 ? String(name.prefix(29)) + "…" : name
      parts.append(
        "<g class=\"node\" id=\"s\(number)\"><title>\(HTMLText.escaped(name))</title><rect x=\"\(point.x)\" y=\"\(point.y)\" width=\"\(Layout.nodeWidth)\" height=\"\(Layout.nodeHeight)\" rx=\"8\"/><text x=\"\(point.x + Layout.nodeWidth / 2)\" y=\"\(point.y + Layout.nodeHeight / 2 + 5)\" text-anchor=\"middle\">\(HTMLText.escaped(shown))</text></g>"
      )
    }
    parts.append("</svg>")
    return parts.joined(separator: "\n")
  }

  /// Where each node goes, and the arrows between distinct nodes.
  struct Layout {
    static let nodeWidth = 200
    static let nodeHeight = 44
    static let columnGap = 60
    static let rowGap = 70
    static let margin = 20

    struct Arrow {
      let from: Int
      let to: Int
      let label: String
      let isFedBack: Bool
    }

    var position: [(x: Int, y: Int)] = []
    var arrows: [Arrow] = []
    var width = 0
    var height = 0
    /// The right edge of the rightmost node: back arrows bend beyond it.
    var rightmost = 0

    /// - Parameters:
    ///   - graph: The graph.
    ///   - ordersRows: Whether rows are ordered to cross less; otherwise nodes stand in the
    ///     order the walks reached them (for comparison in tests).
    init(_ graph: TransitionGraph, ordersRows: Bool = true) {
      let drawn = graph.edges.keys.filter { $0.from != $0.to }.sorted()
      // Breadth first from the first node: a node's layer is its distance in steps.
      var layer = [Int?](repeating: nil, count: graph.nodes.count)
      if !graph.nodes.isEmpty { layer[0] = 0 }
      var queue = graph.nodes.isEmpty ? [] : [0]
      var index = 0
      while index < queue.count {
        let node = queue[index]
        index += 1
        for edge in drawn where edge.from == node && layer[edge.to] == nil {
          layer[edge.to] = layer[node]! + 1
          queue.append(edge.to)
        }
      }
      let deepest = layer.compactMap { $0 }.max() ?? 0
      var rows: [[Int]] = Array(repeating: [], count: deepest + 2)
      for node in graph.nodes.indices { rows[layer[node] ?? deepest + 1].append(node) }
      if ordersRows { Self.orderToCrossLess(&rows, drawn) }
      let columns = rows.map(\.count).max() ?? 0
      position = Array(repeating: (0, 0), count: graph.nodes.count)
      for (row, members) in rows.enumerated() {
        // Each row centred under the widest.
        let indent = (columns - members.count) * (Self.nodeWidth + Self.columnGap) / 2
        for (column, node) in members.enumerated() {
          position[node] = (
            Self.margin + indent + column * (Self.nodeWidth + Self.columnGap),
            Self.margin + row * (Self.nodeHeight + Self.rowGap)
          )
        }
      }
      var merged: [[Int]: (labels: [String], fedBack: Bool)] = [:]
      for edge in drawn {
        let label = (edge.isFedBack ? "⇠ " : "") + edge.action
        var entry = merged[[edge.from, edge.to]] ?? ([], true)
        if !entry.labels.contains(label) { entry.labels.append(label) }
        entry.fedBack = entry.fedBack && edge.isFedBack
        merged[[edge.from, edge.to]] = entry
      }
      arrows = merged.keys.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }.map { key in
        let entry = merged[key]!
        return Arrow(from: key[0], to: key[1], label: entry.labels.joined(separator: ", "), isFedBack: entry.fedBack)
      }
      rightmost = Self.margin + max(1, columns) * (Self.nodeWidth + Self.columnGap) - Self.columnGap
      width = rightmost + 30 + 16 * 8 + 220
      height = 2 * Self.margin + rows.filter { !$0.isEmpty }.count * (Self.nodeHeight + Self.rowGap)
    }

    /// How many pairs of arrows between neighbouring rows cross: the measure the row order
    /// lowers.
    var crossings: Int {
      let row = { (node: Int) in position[node].y }
      let between = arrows.filter { row($0.to) - row($0.from) == Self.nodeHeight + Self.rowGap }
      var count = 0
      for (index, first) in between.enumerated() {
        for second in between[(index + 1)...] where row(first.from) == row(second.from) {
          let starts = position[first.from].x - position[second.from].x
          let ends = position[first.to].x - position[second.to].x
          if starts * ends < 0 { count += 1 }
        }
      }
      return count
    }

    /// Orders the nodes of each row by the mean place of their neighbours in the row above,
    /// then in the row below, for a few sweeps: the barycentre step of a layered drawing, which
    /// uncrosses most arrows between neighbouring rows. Ties keep their order, so one graph
    /// always gets one picture.
    static func orderToCrossLess(_ rows: inout [[Int]], _ edges: [Edge]) {
      var neighbours: [Int: [Int]] = [:]
      for edge in edges {
        neighbours[edge.from, default: []].append(edge.to)
        neighbours[edge.to, default: []].append(edge.from)
      }
      var place: [Int: Int] = [:]
      for members in rows { for (column, node) in members.enumerated() { place[node] = column } }
      guard rows.count > 1 else { return }
      for sweep in 0..<4 {
        let downward = sweep % 2 == 0
        for row in downward ? Array(1..<rows.count) : Array((0..<rows.count - 1).reversed()) {
          let reference = Set(rows[downward ? row - 1 : row + 1])
          let key = { (node: Int) -> Double in
            let places = (neighbours[node] ?? []).filter(reference.contains).compactMap { place[$0] }
            return places.isEmpty ? Double(place[node] ?? 0) : Double(places.reduce(0, +)) / Double(places.count)
          }
          rows[row] = rows[row].map { ($0, key($0)) }.enumerated()
            .sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element.0)
          for (column, node) in rows[row].enumerated() { place[node] = column }
        }
      }
    }
  }
}
