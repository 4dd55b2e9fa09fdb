import Foundation

/// A state-machine picture read back from its SVG text: node boxes and their label lines, each
/// edge's path as points along it, and its label lines. Text is measured by the `textLength`
/// the picture declares, which a browser honours, from the baseline up by the font's ascent.
struct SVGPicture {
  struct Box: CustomStringConvertible {
    var x, y, width, height: Double

    /// Whether `point` lies inside, more than half a pixel from the edge.
    func contains(_ point: (x: Double, y: Double)) -> Bool {
      point.x > x + 0.5 && point.x < x + width - 0.5 && point.y > y + 0.5 && point.y < y + height - 0.5
    }
    /// Whether `box` lies within, to half a pixel.
    func contains(_ box: Box) -> Bool {
      box.x >= x - 0.5 && box.y >= y - 0.5 && box.x + box.width <= x + width + 0.5
        && box.y + box.height <= y + height + 0.5
    }
    /// Whether the two share more than half a pixel each way.
    func overlaps(_ other: Box) -> Bool {
      min(x + width, other.x + other.width) - max(x, other.x) > 0.5
        && min(y + height, other.y + other.height) - max(y, other.y) > 0.5
    }
    var description: String { "(\(x), \(y), \(width)×\(height))" }
  }

  struct Node {
    let box: Box
    let lines: [Box]
  }

  struct Edge {
    let from: String
    let to: String
    let points: [(x: Double, y: Double)]
    let labels: [Box]
  }

  enum Problem: Error { case unreadable(String) }

  let width: Double
  let scalesToItsContainer: Bool
  var nodes: [String: Node] = [:]
  var edges: [Edge] = []

  init(_ svg: String) throws {
    guard let root = Self.tags("svg", in: svg).first, let width = Self.number("width", in: root) else {
      throw Problem.unreadable("no <svg> with a width")
    }
    self.width = width
    scalesToItsContainer =
      Self.attribute("viewBox", in: root) != nil && (Self.attribute("style", in: root) ?? "").contains("max-width:100%")
    for group in Self.groups(svg, class: "node") {
      guard let id = Self.attribute("id", in: group), let rect = Self.tags("rect", in: group).first,
        let box = Self.box(rect)
      else { throw Problem.unreadable("a node without an id or a box") }
      let lines = try Self.tags("text", in: group).map { text in
        guard let x = Self.number("x", in: text), let y = Self.number("y", in: text),
          let length = Self.number("textLength", in: text), let size = Self.number("font-size", in: text)
        else { throw Problem.unreadable("a node's text without a place, length or size") }
        return Box(x: x - length / 2, y: y - 0.8 * size, width: length, height: 1.05 * size)
      }
      nodes[id] = Node(box: box, lines: lines)
    }
    for group in Self.groups(svg, class: "edge") {
      guard let from = Self.attribute("data-from", in: group), let to = Self.attribute("data-to", in: group),
        let path = Self.tags("path", in: group).first.flatMap({ Self.attribute("d", in: $0) })
      else { throw Problem.unreadable("an edge without its ends or its path") }
      let labels = try Self.tags("text", in: group).map { text in
        guard let x = Self.number("x", in: text), let y = Self.number("y", in: text),
          let length = Self.number("textLength", in: text), let size = Self.number("font-size", in: text)
        else { throw Problem.unreadable("an edge's label without a place, length or size") }
        return Box(x: x, y: y - 0.8 * size, width: length, height: 1.05 * size)
      }
      edges.append(Edge(from: from, to: to, points: try Self.points(path), labels: labels))
    }
  }

  /// Points along a path of `M`, `L` and `C` commands, 32 to each segment.
  static func points(_ path: String) throws -> [(x: Double, y: Double)] {
    let tokens = path.replacingOccurrences(of: ",", with: " ").split(separator: " ")
    var index = 0
    func next() throws -> (x: Double, y: Double) {
      guard index + 1 < tokens.count, let x = Double(tokens[index]), let y = Double(tokens[index + 1]) else {
        throw Problem.unreadable("path \(path)")
      }
      index += 2
      return (x, y)
    }
    var points: [(x: Double, y: Double)] = []
    var current = (x: 0.0, y: 0.0)
    while index < tokens.count {
      let command = tokens[index]
      index += 1
      switch command {
      case "M": current = try next()
      case "L":
        let end = try next()
        for step in 1...32 {
          let t = Double(step) / 32
          points.append((current.x + (end.x - current.x) * t, current.y + (end.y - current.y) * t))
        }
        current = end
      case "C":
        let (first, second, end) = (try next(), try next(), try next())
        for step in 1...32 {
          let t = Double(step) / 32
          let (a, b, c, d) = ((1 - t) * (1 - t) * (1 - t), 3 * (1 - t) * (1 - t) * t, 3 * (1 - t) * t * t, t * t * t)
          points.append(
            (
              a * current.x + b * first.x + c * second.x + d * end.x,
              a * current.y + b * first.y + c * second.y + d * end.y
            ))
        }
        current = end
      default: throw Problem.unreadable("path command \(command)")
      }
      points.append(current)
    }
    return points
  }

  /// The `<g class="…">` groups of that class, each up to its closing tag.
  static func groups(_ svg: String, class name: String) -> [Substring] {
    svg.components(separatedBy: "<g class=\"\(name)\"").dropFirst().map { part in
      part.range(of: "</g>").map { part[..<$0.lowerBound] } ?? Substring(part)
    }
  }

  /// The opening tags of that element.
  static func tags(_ element: String, in text: some StringProtocol) -> [Substring] {
    String(text).components(separatedBy: "<\(element) ").dropFirst().map { part in
      part.range(of: ">").map { part[..<$0.lowerBound] } ?? Substring(part)
    }
  }

  static func attribute(_ name: String, in tag: some StringProtocol) -> String? {
    let text = " " + String(tag)
    guard let start = text.range(of: " \(name)=\"") else { return nil }
    let rest = text[start.upperBound...]
    return rest.range(of: "\"").map { String(rest[..<$0.lowerBound]) }
  }

  static func number(_ name: String, in tag: some StringProtocol) -> Double? {
    attribute(name, in: tag).flatMap(Double.init)
  }

  static func box(_ tag: some StringProtocol) -> Box? {
    guard let x = number("x", in: tag), let y = number("y", in: tag), let width = number("width", in: tag),
      let height = number("height", in: tag)
    else { return nil }
    return Box(x: x, y: y, width: width, height: height)
  }
}
