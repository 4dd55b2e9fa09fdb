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

    init(_ graph: TransitionGraph) {
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
      position = Array(repeating: (0, 0), count: graph.nodes.count)
      for (row, members) in rows.enumerated() {
        for (column, node) in members.enumerated() {
          position[node] = (
            Self.margin + column * (Self.nodeWidth + Self.columnGap),
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
      let columns = rows.map(\.count).max() ?? 0
      rightmost = Self.margin + max(1, columns) * (Self.nodeWidth + Self.columnGap) - Self.columnGap
      width = rightmost + 30 + 16 * 8 + 220
      height = 2 * Self.margin + rows.filter { !$0.isEmpty }.count * (Self.nodeHeight + Self.rowGap)
    }
  }
}
