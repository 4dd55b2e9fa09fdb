extension ValueDump {
  /// Marks the groups on the way to each difference between `old` and `new` as expanded, so
  /// that their layouts put each field on its own line and the line diff can point at the
  /// field that changed.
  ///
  /// Parts that are equal on both sides keep their compact layout and cost one line of
  /// context. A group is only expanded when that isolates something: when it has several
  /// items, or when its single item is itself expanded (`.child(Child.State(…))`). Changing
  /// `.child(.increment)` to `.child(.decrement)` stays a one-line change.
  static func aligned(_ old: Node, _ new: Node) -> (old: Node, new: Node) {
    guard old != new, case .group(var oldGroup) = old, case .group(var newGroup) = new,
      oldGroup.open == newGroup.open, oldGroup.close == newGroup.close
    else { return (old, new) }
    var expandsChild = false
    for (oldIndex, newIndex) in counterparts(oldGroup.items, newGroup.items) {
      let pair = aligned(oldGroup.items[oldIndex].node, newGroup.items[newIndex].node)
      oldGroup.items[oldIndex].node = pair.old
      newGroup.items[newIndex].node = pair.new
      if case .group(let group) = pair.old, group.isExpanded { expandsChild = true }
    }
    let isExpanded = expandsChild || max(oldGroup.items.count, newGroup.items.count) > 1
    oldGroup.isExpanded = isExpanded
    newGroup.isExpanded = isExpanded
    return (.group(oldGroup), .group(newGroup))
  }

  /// The pairs of items that stand for the same part of a value on each side but differ.
  ///
  /// Equal items are matched by a longest common subsequence. Between two matches, each old
  /// item is paired with the next new item that has the same label (two array elements both
  /// have none), so a changed field meets its new value, and an inserted element meets
  /// nothing. Lists too different to match (see ``maximumEdits``) pair nothing: they are
  /// shown removed and inserted whole.
  private static func counterparts(_ old: [Item], _ new: [Item]) -> [(old: Int, new: Int)] {
    let common = commonSubsequence(old, new)
    guard common.isLongest else { return [] }
    var pairs: [(old: Int, new: Int)] = []
    var oldStart = 0
    var newStart = 0
    for match in common.pairs + [(old: old.count, new: new.count)] {
      var next = newStart
      for oldIndex in oldStart..<match.old {
        guard let newIndex = (next..<match.new).first(where: { new[$0].label == old[oldIndex].label })
        else { continue }
        pairs.append((oldIndex, newIndex))
        next = newIndex + 1
      }
      oldStart = match.old + 1
      newStart = match.new + 1
    }
    return pairs
  }
}
