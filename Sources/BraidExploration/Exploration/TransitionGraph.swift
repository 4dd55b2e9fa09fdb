/// The state machine an exploration observed: states abstracted to node labels, and the steps
/// between them as edges labelled by action case; exported as Mermaid and DOT.
///
/// Nodes are numbered in the order the walks first reached them, and edges are listed by their
/// nodes' numbers, so one seed gives one text.
public struct TransitionGraph: Sendable {
  /// A step from one node to another, by the action case that took it.
  public struct Edge: Hashable, Sendable, Comparable {
    /// The node before the step, by number.
    public let from: Int
    /// The node after it.
    public let to: Int
    /// The action's case.
    public let action: String
    /// Whether an effect fed the action back (else it was sent from outside).
    public let isFedBack: Bool

    public static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.from, lhs.to, lhs.action, lhs.isFedBack ? 1 : 0) < (rhs.from, rhs.to, rhs.action, rhs.isFedBack ? 1 : 0)
    }
  }

  /// The nodes' labels, by number.
  public private(set) var nodes: [String] = []
  /// How many times each edge was taken.
  public private(set) var edges: [Edge: Int] = [:]
  /// Every action case of the feature, as reflected.
  public let cases: [String]
  private var numbers: [String: Int] = [:]

  init(cases: [String]) {
    self.cases = cases
  }

  /// The action cases on no edge.
  public var unexercised: [String] {
    let used = Set(edges.keys.map(\.action))
    return cases.filter { !used.contains($0) }
  }

  mutating func node(_ label: String) -> Int {
    if let number = numbers[label] { return number }
    nodes.append(label)
    numbers[label] = nodes.count - 1
    return nodes.count - 1
  }

  mutating func add(from: String, to: String, action: String, isFedBack: Bool) {
    let edge = Edge(from: node(from), to: node(to), action: action, isFedBack: isFedBack)
    edges[edge, default: 0] += 1
  }

  /// The edges to draw, in order: without the steps that stay on their node unless asked for.
  private func drawnEdges(includingSelfLoops: Bool) -> [Edge] {
    edges.keys.sorted().filter { includingSelfLoops || $0.from != $0.to }
  }

  /// A comment's text naming what a diagram leaves out: cases never taken, steps that stayed.
  private func leftOut(includingSelfLoops: Bool) -> [String] {
    var notes: [String] = []
    let loops = edges.keys.filter { $0.from == $0.to }.count
    if !includingSelfLoops, loops > 0 { notes.append("\(loops) edge(s) from a node to itself not drawn") }
    if !unexercised.isEmpty { notes.append("never taken: \(unexercised.joined(separator: ", "))") }
    return notes
  }

  /// A Mermaid state diagram: each node a state, each edge a transition labelled by its case;
  /// a case an effect fed back is marked `⇠`.
  ///
  /// - Parameter includingSelfLoops: Whether to draw the steps that stay on their node (typing
  ///   that changes nothing the nodes tell apart); a comment counts them otherwise.
  /// - Returns: The diagram's source.
  public func mermaid(includingSelfLoops: Bool = false) -> String {
    var lines = ["stateDiagram-v2"]
    for (number, label) in nodes.enumerated() {
      lines.append("  state \"\(Self.escaped(label))\" as s\(number)")
    }
    if !nodes.isEmpty { lines.append("  [*] --> s0") }
    for edge in drawnEdges(includingSelfLoops: includingSelfLoops) {
      lines.append("  s\(edge.from) --> s\(edge.to): \(edge.isFedBack ? "⇠ " : "")\(edge.action)")
    }
    lines += leftOut(includingSelfLoops: includingSelfLoops).map { "  %% \($0)" }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A Graphviz digraph: an edge an effect fed back is dashed.
  ///
  /// - Parameters:
  ///   - name: The graph's name.
  ///   - includingSelfLoops: Whether to draw the steps that stay on their node.
  /// - Returns: The DOT source.
  public func dot(name: String = "feature", includingSelfLoops: Bool = false) -> String {
    var lines = ["digraph \"\(Self.escaped(name))\" {", "  node [shape=box, style=rounded];"]
    for (number, label) in nodes.enumerated() {
      lines.append("  s\(number) [label=\"\(Self.escaped(label))\"];")
    }
    for edge in drawnEdges(includingSelfLoops: includingSelfLoops) {
      lines.append(
        "  s\(edge.from) -> s\(edge.to) [label=\"\(Self.escaped(edge.action))\"\(edge.isFedBack ? ", style=dashed" : "")];"
      )
    }
    lines += leftOut(includingSelfLoops: includingSelfLoops).map { "  // \($0)" }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` with its quotes, backslashes and line ends escaped, for a quoted label.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "'")
      .replacingOccurrences(of: "\n", with: " ")
  }
}
