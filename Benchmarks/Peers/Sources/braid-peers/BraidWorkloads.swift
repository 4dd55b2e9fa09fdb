import Braid

// Braid's side: its IdentifiedArray and its reflection-based `/Action.child` case paths. In a
// file of its own, because both libraries name the type `IdentifiedArray` and the operator `/`.

@inline(never)
func braidWrite(_ rows: inout Braid.IdentifiedArrayOf<Row>, id: Int) {
  rows[id: id]!.count += 1
}

@inline(never)
func braidRead(_ rows: Braid.IdentifiedArrayOf<Row>, id: Int) -> Int {
  rows[id: id]?.count ?? -1
}

enum BraidWorkloads {
  static func makeRows() -> Braid.IdentifiedArrayOf<Row> {
    Braid.IdentifiedArray(uniqueElements: (0..<rowCount).map { Row(id: $0) })
  }

  static func write(_ n: Int) {
    var rows = makeRows()
    for index in 0..<n { braidWrite(&rows, id: index % rowCount) }
    precondition(rows.reduce(0) { $0 + $1.count } == n)
  }

  static func read(_ n: Int) {
    let rows = makeRows()
    var sum = 0
    for index in 0..<n { sum += braidRead(rows, id: index % rowCount) }
    precondition(sum == 0)
  }

  /// Appends `n` rows, then removes them by id, last first: one op = one append and one removal.
  static func appendRemove(_ n: Int) {
    var rows = Braid.IdentifiedArrayOf<Row>()
    for index in 0..<n { rows.append(Row(id: index)) }
    for index in (0..<n).reversed() { rows.remove(id: index) }
    precondition(rows.isEmpty)
  }

  static func extract(_ actions: [PeerAction], _ n: Int) -> Int {
    let child = /PeerAction.child
    var found = 0
    for index in 0..<n where child.extract(from: actions[index & 1023]) != nil { found += 1 }
    return found
  }
}
