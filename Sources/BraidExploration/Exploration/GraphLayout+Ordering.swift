extension GraphLayout {
  /// The order of the items within each rank, and the links between neighbouring ranks.
  struct Ordering {
    /// Each rank's items, left to right.
    private(set) var ranks: [[Int]]
    /// Each item's neighbours in the rank above, and in the rank below.
    let above: [[Int]]
    let below: [[Int]]
    /// Each item's index within its rank.
    private(set) var position: [Int]

    /// - Parameters:
    ///   - ranks: The items of each rank in their first order.
    ///   - chains: Each arrow's items from top to bottom, one per rank.
    ///   - count: How many items there are.
    init(ranks: [[Int]], chains: [[Int]], count: Int) {
      self.ranks = ranks
      var above = [[Int]](repeating: [], count: count)
      var below = [[Int]](repeating: [], count: count)
      for chain in chains {
        for (upper, lower) in zip(chain, chain.dropFirst()) {
          below[upper].append(lower)
          above[lower].append(upper)
        }
      }
      (self.above, self.below) = (above, below)
      position = [Int](repeating: 0, count: count)
      renumber()
    }

    private mutating func renumber() {
      for items in ranks { for (index, item) in items.enumerated() { position[item] = index } }
    }

    /// Orders each rank by the mean place of its items' neighbours in the rank above, then in
    /// the rank below, sweeping down and up, and keeps the order that crossed least: the
    /// barycentre method. Ties keep their order, so one graph always gets one picture.
    mutating func reduceCrossings() {
      guard ranks.count > 1 else { return }
      var best = (ranks: ranks, crossings: crossings())
      for sweep in 0..<24 where best.crossings > 0 {
        let downward = sweep % 2 == 0
        for rank in downward ? Array(1..<ranks.count) : Array((0..<ranks.count - 1).reversed()) {
          let neighbours = downward ? above : below
          let keyed = ranks[rank].enumerated().map { index, item in
            let places = neighbours[item].map { position[$0] }
            let mean = places.isEmpty ? Double(index) : Double(places.reduce(0, +)) / Double(places.count)
            return (item: item, mean: mean, index: index)
          }
          ranks[rank] = keyed.sorted { ($0.mean, $0.index) < ($1.mean, $1.index) }.map(\.item)
          for (index, item) in ranks[rank].enumerated() { position[item] = index }
        }
        let count = crossings()
        if count < best.crossings { best = (ranks, count) }
      }
      ranks = best.ranks
      renumber()
    }

    /// How many pairs of links between neighbouring ranks cross.
    func crossings() -> Int {
      var total = 0
      for rank in ranks.dropLast() {
        let links = rank.flatMap { upper in below[upper].map { (position[upper], position[$0]) } }
        for (index, first) in links.enumerated() {
          for second in links[(index + 1)...] where (first.0 - second.0) * (first.1 - second.1) < 0 {
            total += 1
          }
        }
      }
      return total
    }
  }
}
