extension ValueDump {
  /// A line diff of two values' dumps, or `nil` when they render the same.
  ///
  /// Lines only in `old` (the expected value) start with `− ` (U+2212 MINUS SIGN, then a
  /// space), lines only in `new` (the actual value) with `+ `, and unchanged lines with two
  /// spaces. Every changed line is shown. Of the unchanged lines, those that open or close a
  /// value enclosing a change are kept, so the path to each change reads from the top; other
  /// runs of three or more unchanged lines collapse into one `… (N unchanged)` line, indented
  /// like the lines it stands for.
  ///
  /// Values that differ are laid out one field per line down to the fields that changed, even
  /// when they would fit on one line; values that are equal on both sides keep their compact
  /// form. Collections too different to match element by element (more than
  /// `ValueDump.maximumEdits` insertions and removals apart) are shown removed and inserted whole.
  /// For a nested change:
  ///
  /// ```
  ///   Settings.State(
  ///     … (3 unchanged)
  ///     profile: Profile(
  ///       name: "Blob",
  /// −     age: 41,
  /// +     age: 42,
  ///     ),
  ///     … (4 unchanged)
  ///   )
  /// ```
  ///
  /// The test store prints this when the state after an action is not the expected one.
  /// Values that differ but render the same (such as two `NaN`s, or objects whose differences
  /// their fields do not show) count as equal.
  ///
  /// - Parameters:
  ///   - old: The expected value, or the value before a change.
  ///   - new: The actual value, or the value after a change.
  /// - Returns: The diff without a trailing newline, or `nil` when the dumps are equal.
  package static func diff(_ old: Any, _ new: Any) -> String? {
    diff(Reflector.node(for: old), Reflector.node(for: new))
  }

  /// The line diff of two values' structures (see ``diff(_:_:)-(Any,Any)``).
  static func diff(_ oldNode: Node, _ newNode: Node) -> String? {
    guard oldNode != newNode else { return nil }
    let nodes = aligned(oldNode, newNode)
    let layout = Layout(width: lineWidth)
    let changes = lineChanges(layout.lines(of: nodes.old), layout.lines(of: nodes.new))
    guard changes.contains(where: { $0.kind != .unchanged }) else { return nil }
    return collapsed(changes).joined(separator: "\n")
  }

  /// Unchanged runs at least this long collapse into one line.
  static let minimumCollapsedRun = 3

  /// One line of a diff.
  struct LineChange {
    enum Kind { case unchanged, removed, inserted }

    let kind: Kind
    let text: String

    /// The number of spaces the line starts with: its depth in the value.
    var indent: Int { text.prefix { $0 == " " }.count }

    /// The line with its `  `, `− ` or `+ ` prefix.
    var rendered: String {
      switch kind {
      case .unchanged: "  " + text
      case .removed: "− " + text
      case .inserted: "+ " + text
      }
    }
  }

  /// The lines of both dumps in order: removed, inserted and unchanged.
  static func lineChanges(_ old: [String], _ new: [String]) -> [LineChange] {
    var changes: [LineChange] = []
    var oldIndex = 0
    var newIndex = 0
    for match in commonSubsequence(old, new).pairs + [(old: old.count, new: new.count)] {
      changes += old[oldIndex..<match.old].map { LineChange(kind: .removed, text: $0) }
      changes += new[newIndex..<match.new].map { LineChange(kind: .inserted, text: $0) }
      if match.old < old.count { changes.append(LineChange(kind: .unchanged, text: old[match.old])) }
      oldIndex = match.old + 1
      newIndex = match.new + 1
    }
    return changes
  }

  /// The rendered diff: changed lines and the lines enclosing them, other unchanged runs
  /// collapsed.
  static func collapsed(_ changes: [LineChange]) -> [String] {
    let indents = changes.map(\.indent)
    var isKept = changes.map { $0.kind != .unchanged }
    for side in [LineChange.Kind.removed, .inserted] {
      // One side of the diff reads as a dump: its own changed lines and the unchanged ones.
      let view = changes.indices.filter { changes[$0].kind == .unchanged || changes[$0].kind == side }
      for order in [view, view.reversed()] {
        let enclosing = enclosingLines(in: order, indents: indents, count: changes.count)
        var isMarked = [Bool](repeating: false, count: changes.count)
        for index in view where changes[index].kind == side {
          var line = enclosing[index]
          while let current = line, !isMarked[current] {
            isMarked[current] = true
            isKept[current] = true
            line = enclosing[current]
          }
        }
      }
    }
    var lines: [String] = []
    var start = 0
    while start < changes.count {
      guard !isKept[start] else {
        lines.append(changes[start].rendered)
        start += 1
        continue
      }
      var end = start
      while end < changes.count, !isKept[end] { end += 1 }
      if end - start >= minimumCollapsedRun {
        let indent = indents[start..<end].min() ?? 0
        lines.append("  " + String(repeating: " ", count: indent) + "… (\(end - start) unchanged)")
      } else {
        lines += changes[start..<end].map(\.rendered)
      }
      start = end
    }
    return lines
  }

  /// For each line of a dump visited in `order`, the nearest line visited before it that is
  /// less indented: its opening line when `order` runs forward, its closing line when it runs
  /// backward.
  private static func enclosingLines(in order: [Int], indents: [Int], count: Int) -> [Int?] {
    var enclosing = [Int?](repeating: nil, count: count)
    var stack: [Int] = []
    for index in order {
      while let top = stack.last, indents[top] >= indents[index] { stack.removeLast() }
      enclosing[index] = stack.last
      stack.append(index)
    }
    return enclosing
  }
}
