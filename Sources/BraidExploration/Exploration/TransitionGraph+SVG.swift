import BraidTrace

extension TransitionGraph {
  /// The graph drawn as an SVG element, laid out here (no script, no network) in layers: arrows
  /// that close a cycle point up, arrows between two nodes are merged into one labelled by their
  /// cases, an answer of an effect is dashed, and steps that stay on their node are not drawn.
  /// No arrow passes through a node or a label, and no label covers another; the picture
  /// shrinks to fit the width of its container.
  public var svg: String {
    let drawing = Drawing(self)
    let layout = drawing.layout
    let (width, height) = (Self.number(layout.width), Self.number(layout.height))
    var parts: [String] = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"graph\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" style=\"max-width:100%;height:auto\" font-family=\"DejaVu Sans Mono,monospace\">",
      "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#555\"/></marker></defs>",
    ]
    for route in layout.routes {
      let arrow = drawing.arrows[route.arrow]
      let dash = arrow.isFedBack ? " stroke-dasharray=\"5 4\"" : ""
      let head = route.isReversed ? "marker-start" : "marker-end"
      var label = ""
      for (line, text) in arrow.labels.enumerated() {
        label +=
          "<text class=\"edge-label\" x=\"\(Self.number(route.label.x))\" y=\"\(Self.number(route.label.y + Drawing.labelLine * Double(line) + 11))\" font-size=\"11\" textLength=\"\(Self.number(Drawing.labelWidth(text)))\" lengthAdjust=\"spacingAndGlyphs\">\(HTMLText.escaped(text))</text>"
      }
      parts.append(
        "<g class=\"edge\" data-from=\"s\(arrow.from)\" data-to=\"s\(arrow.to)\"><path d=\"\(Self.path(route.points))\" fill=\"none\" stroke=\"#555\"\(dash) \(head)=\"url(#arrow)\"/>\(label)</g>"
      )
    }
    for (number, name) in nodes.enumerated() {
      let box = layout.nodes[number]
      let lines = drawing.nodeLines[number]
      var text = ""
      for (index, line) in lines.enumerated() {
        text +=
          "<text x=\"\(Self.number(box.x + box.width / 2))\" y=\"\(Self.number(box.y + Drawing.nodePadding + Drawing.nodeLine * Double(index) + 12))\" text-anchor=\"middle\" font-size=\"12\" textLength=\"\(Self.number(Drawing.nodeWidth(line)))\" lengthAdjust=\"spacingAndGlyphs\">\(HTMLText.escaped(line))</text>"
      }
      parts.append(
        "<g class=\"node\" id=\"s\(number)\"><title>\(HTMLText.escaped(name))</title><rect x=\"\(Self.number(box.x))\" y=\"\(Self.number(box.y))\" width=\"\(Self.number(box.width))\" height=\"\(Self.number(box.height))\" rx=\"8\"/>\(text)</g>"
      )
    }
    parts.append("</svg>")
    return parts.joined(separator: "\n")
  }

  /// The path through a route's points: straight down within a rank, a curve leaving and
  /// reaching each point vertically between ranks.
  static func path(_ points: [(x: Double, y: Double)]) -> String {
    guard let first = points.first else { return "" }
    var path = "M \(number(first.x)) \(number(first.y))"
    for (from, to) in zip(points, points.dropFirst()) {
      if from.x == to.x {
        path += " L \(number(to.x)) \(number(to.y))"
      } else {
        let middle = number((from.y + to.y) / 2)
        path += " C \(number(from.x)) \(middle), \(number(to.x)) \(middle), \(number(to.x)) \(number(to.y))"
      }
    }
    return path
  }

  /// A coordinate to a tenth of a pixel.
  static func number(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    return tenths.truncatingRemainder(dividingBy: 10) == 0
      ? String(Int(tenths / 10)) : String(format: "%.1f", tenths / 10)
  }

  /// The graph as it is drawn: the arrows between distinct nodes, each node's label in lines,
  /// and the layout of both.
  struct Drawing {
    struct Arrow {
      let from: Int
      let to: Int
      /// One line per case, an answer of an effect marked `⇠`.
      let labels: [String]
      let isFedBack: Bool
    }

    /// A node's label is broken after a comma once a line would pass this many characters.
    static let nodeColumns = 26
    static let nodeLine = 15.0
    static let nodePadding = 8.0
    static let labelLine = 13.0

    let arrows: [Arrow]
    let nodeLines: [[String]]
    let layout: GraphLayout

    /// - Parameters:
    ///   - graph: The graph.
    ///   - ordersRanks: Whether ranks are ordered to cross less (otherwise they keep the order
    ///     the walks reached their nodes, for comparison in tests).
    init(_ graph: TransitionGraph, ordersRanks: Bool = true) {
      var merged: [[Int]: (labels: [String], fedBack: Bool)] = [:]
      for edge in graph.edges.keys.sorted() where edge.from != edge.to {
        let label = (edge.isFedBack ? "⇠ " : "") + edge.action
        var entry = merged[[edge.from, edge.to]] ?? ([], true)
        if !entry.labels.contains(label) { entry.labels.append(label) }
        entry.fedBack = entry.fedBack && edge.isFedBack
        merged[[edge.from, edge.to]] = entry
      }
      arrows = merged.keys.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }.map { key in
        Arrow(from: key[0], to: key[1], labels: merged[key]!.labels, isFedBack: merged[key]!.fedBack)
      }
      nodeLines = graph.nodes.map(Self.lines(of:))
      let sizes = nodeLines.map { lines in
        (
          width: (lines.map(Self.nodeWidth).max() ?? 0) + 2 * Self.nodePadding + 8,
          height: Double(lines.count) * Self.nodeLine + 2 * Self.nodePadding
        )
      }
      layout = GraphLayout(
        sizes: sizes,
        arrows: arrows.map { arrow in
          GraphLayout.Arrow(
            from: arrow.from, to: arrow.to, labelWidth: arrow.labels.map(Self.labelWidth).max() ?? 0,
            labelHeight: Double(arrow.labels.count) * Self.labelLine + 3)
        },
        ordersRanks: ordersRanks)
    }

    /// A node's label in lines: broken after commas, each line at most ``nodeColumns`` long
    /// unless one part is longer.
    static func lines(of label: String) -> [String] {
      var lines: [String] = []
      for part in label.components(separatedBy: ", ") {
        if let last = lines.last, last.count + 2 + part.count <= nodeColumns {
          lines[lines.count - 1] = last + ", " + part
        } else {
          lines.append(part)
        }
      }
      for index in lines.indices.dropLast() { lines[index] += "," }
      return lines.isEmpty ? [""] : lines
    }

    /// The width of a node's line in 12-pixel monospace (each character 0.6 em), which the
    /// picture also asks of the browser through `textLength`.
    static func nodeWidth(_ line: String) -> Double { Double(line.count) * 7.2 }
    /// The width of an arrow's label line, in 11-pixel monospace.
    static func labelWidth(_ line: String) -> Double { Double(line.count) * 6.6 }
  }
}
