/// The element of every identified-array workload.
struct Row: Identifiable, Sendable {
  let id: Int
  var count = 0
}

/// The number of rows the identified-array workloads hold.
let rowCount = 10_000

/// The floor: a plain array of rows and a dictionary from id to offset.
struct IndexedRows {
  var rows: [Row]
  var offsets: [Int: Int]

  init(count: Int) {
    rows = (0..<count).map { Row(id: $0) }
    offsets = Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, $0) })
  }
}

@inline(never)
func floorWrite(_ rows: inout IndexedRows, id: Int) {
  if let offset = rows.offsets[id] { rows.rows[offset].count += 1 }
}

@inline(never)
func floorRead(_ rows: IndexedRows, id: Int) -> Int {
  rows.offsets[id].map { rows.rows[$0].count } ?? -1
}
