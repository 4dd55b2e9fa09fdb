extension ValueDump {
  /// Lays a ``Node`` out as lines: a group stays on one line when that line fits in `width`
  /// columns, and otherwise puts each item on its own line, indented two more spaces and
  /// followed by a comma.
  ///
  /// Every item of a multi-line group ends with a comma, the last one included, so that
  /// appending an element changes one line of a diff rather than two.
  struct Layout {
    let width: Int

    /// The lines of `node`, starting at column 0.
    func lines(of node: Node) -> [String] {
      var lines: [String] = []
      append(node, indent: 0, prefix: "", suffix: "", to: &lines)
      return lines
    }

    /// Appends the lines of `node` indented by `indent` spaces, with `prefix` (a label) before
    /// its first line and `suffix` (a comma) after its last.
    private func append(_ node: Node, indent: Int, prefix: String, suffix: String, to lines: inout [String]) {
      let padding = String(repeating: " ", count: indent)
      switch node {
      case .text(let text):
        let parts = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
          let head = index == 0 ? prefix : ""
          let tail = index == parts.count - 1 ? suffix : ""
          lines.append(padding + head + part + tail)
        }
      case .group(let group):
        let available = width - indent - prefix.count - suffix.count
        if group.items.isEmpty || !group.isExpanded, let line = Self.oneLine(node, limit: available) {
          lines.append(padding + prefix + line + suffix)
          return
        }
        if group.items.isEmpty {
          lines.append(padding + prefix + group.open + group.close + suffix)
          return
        }
        lines.append(padding + prefix + group.open)
        for item in group.items {
          append(item.node, indent: indent + 2, prefix: item.label.map { "\($0): " } ?? "", suffix: ",", to: &lines)
        }
        lines.append(padding + group.close + suffix)
      }
    }

    /// The one-line form of `node`, such as `Point(x: 1, y: 2)`, ignoring expansion and width.
    ///
    /// Dictionary keys and sorting use it. Text that contains line breaks keeps them.
    static func oneLine(_ node: Node) -> String {
      var writer = Writer(limit: nil)
      _ = writer.write(node)
      return writer.text
    }

    /// The one-line form of `node`, or `nil` when it is longer than `limit` characters or
    /// contains a line break.
    private static func oneLine(_ node: Node, limit: Int) -> String? {
      var writer = Writer(limit: limit)
      return writer.write(node) ? writer.text : nil
    }
  }
}

extension ValueDump.Layout {
  /// Builds a one-line form, giving up as soon as it grows past its limit.
  private struct Writer {
    /// The most characters the text may have; `nil` for no limit, and line breaks allowed.
    let limit: Int?
    var text = ""
    private var length = 0

    init(limit: Int?) {
      self.limit = limit
    }

    /// Writes `node`; `false` when the text no longer fits or would need a line break.
    mutating func write(_ node: ValueDump.Node) -> Bool {
      switch node {
      case .text(let string):
        return (limit == nil || !string.contains("\n")) && write(string)
      case .group(let group):
        guard write(group.open) else { return false }
        for (index, item) in group.items.enumerated() {
          if index > 0, !write(", ") { return false }
          if let label = item.label, !write(label + ": ") { return false }
          guard write(item.node) else { return false }
        }
        return write(group.close)
      }
    }

    private mutating func write(_ string: String) -> Bool {
      if let limit {
        length += string.count
        guard length <= limit else { return false }
      }
      text += string
      return true
    }
  }
}
