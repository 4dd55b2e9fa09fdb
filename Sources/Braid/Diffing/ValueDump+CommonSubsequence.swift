extension ValueDump {
  /// The most insertions plus removals the search for a longest common subsequence explores
  /// before giving up.
  ///
  /// The search costs time in proportion to the sequences' length times the edits, and memory
  /// in proportion to the square of the edits (a few megabytes at this limit). Diffs of states
  /// after one action differ in a handful of places; past the limit the values have little in
  /// common and a coarse diff is as readable as a fine one.
  static let maximumEdits = 1_000

  /// The index pairs of a longest common subsequence of `old` and `new`, in increasing order.
  ///
  /// The common prefix and suffix are matched first, then the middle by Myers' greedy search
  /// for a shortest edit script. When the middle needs more than ``maximumEdits`` edits, only
  /// the prefix and suffix are matched and `isLongest` is `false`.
  static func commonSubsequence<Element: Equatable>(
    _ old: [Element], _ new: [Element]
  ) -> (pairs: [(old: Int, new: Int)], isLongest: Bool) {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    var pairs = (0..<prefix).map { (old: $0, new: $0) }
    let middle = shortestEditMatches(
      old[prefix..<(old.count - suffix)], new[prefix..<(new.count - suffix)])
    pairs += middle ?? []
    pairs += (0..<suffix).map { (old: old.count - suffix + $0, new: new.count - suffix + $0) }
    return (pairs, middle != nil)
  }

  /// The matches of a shortest edit script from `old` to `new` (E. W. Myers, "An O(ND)
  /// Difference Algorithm and Its Variations", 1986), with indices of the underlying arrays;
  /// `nil` past ``maximumEdits``.
  ///
  /// `furthest[k]` is the furthest `x` reached on diagonal `k = x - y` with the edits made so
  /// far; each round of the search allows one more edit, and `trace` keeps every round's
  /// frontier so that the path can be walked back.
  private static func shortestEditMatches<Element: Equatable>(
    _ old: ArraySlice<Element>, _ new: ArraySlice<Element>
  ) -> [(old: Int, new: Int)]? {
    let n = old.count
    let m = new.count
    if n == 0 || m == 0 { return [] }
    let limit = min(n + m, maximumEdits)
    let offset = limit + 1
    var furthest = [Int](repeating: 0, count: 2 * limit + 3)
    var trace: [[Int]] = []
    for edits in 0...limit {
      for diagonal in stride(from: -edits, through: edits, by: 2) {
        let down =
          diagonal == -edits
          || (diagonal != edits && furthest[offset + diagonal - 1] < furthest[offset + diagonal + 1])
        var x = down ? furthest[offset + diagonal + 1] : furthest[offset + diagonal - 1] + 1
        var y = x - diagonal
        while x < n, y < m, old[old.startIndex + x] == new[new.startIndex + y] {
          x += 1
          y += 1
        }
        furthest[offset + diagonal] = x
        if x >= n, y >= m {
          return walkBack(trace, edits: edits, n: n, m: m).map {
            (old.startIndex + $0.old, new.startIndex + $0.new)
          }
        }
      }
      trace.append(Array(furthest[(offset - edits)...(offset + edits)]))
    }
    return nil
  }

  /// Reads the matched pairs off the frontiers of a search that reached the end after
  /// `edits` edits.
  private static func walkBack(_ trace: [[Int]], edits: Int, n: Int, m: Int) -> [(old: Int, new: Int)] {
    var pairs: [(old: Int, new: Int)] = []
    var x = n
    var y = m
    for round in stride(from: edits, to: 0, by: -1) {
      let previous = trace[round - 1]  // diagonals -(round - 1)...(round - 1)
      func reach(_ diagonal: Int) -> Int { previous[diagonal + round - 1] }
      let diagonal = x - y
      let down = diagonal == -round || (diagonal != round && reach(diagonal - 1) < reach(diagonal + 1))
      let previousDiagonal = down ? diagonal + 1 : diagonal - 1
      let previousX = reach(previousDiagonal)
      let snakeStart = down ? previousX : previousX + 1
      while x > snakeStart {
        x -= 1
        y -= 1
        pairs.append((x, y))
      }
      x = previousX
      y = previousX - previousDiagonal
    }
    while x > 0, y > 0 {
      x -= 1
      y -= 1
      pairs.append((x, y))
    }
    return pairs.reversed()
  }
}
