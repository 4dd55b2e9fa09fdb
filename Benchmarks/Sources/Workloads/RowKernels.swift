import Braid

// MARK: - forEach rows

/// `n` sends to rows of a `forEach` list of `rows` rows, by id, each id in turn; one observer of
/// a stored property, as in the root send.
@MainActor
public func forEachRowSend(rows: Int, _ n: Int) {
  let store = Store(initialState: RowsFeature.State(rowCount: rows)) { RowsFeature() }
  var notified = 0
  let token = store.observe(\.title) { _ in notified += 1 }
  var id = 0
  for _ in 0..<n {
    store.send(.rows(.element(id: id, action: .increment)))
    id = id == rows - 1 ? 0 : id + 1
  }
  precondition(store.state.rows.reduce(0) { $0 + $1.count } == n && notified == 1)
  token.cancel()
}

@MainActor
func handRowSend(rows: Int, _ n: Int) {
  var state = HandIndexedRows(rowCount: rows)
  var id = 0
  for _ in 0..<n {
    handRowIncrement(&state, id: id)
    id = id == rows - 1 ? 0 : id + 1
  }
  precondition(state.rows.reduce(0) { $0 + $1.count } == n)
}

// MARK: - IdentifiedArray subscripts

/// `n` writes `rows[id: k]!.count += 1` over ``identifiedRowCount`` rows.
@MainActor
public func identifiedWrite(_ n: Int) {
  var rows = IdentifiedArray(uncheckedUniqueElements: (0..<identifiedRowCount).map { RowFeature.State(id: $0) })
  var id = 0
  for _ in 0..<n {
    identifiedIncrement(&rows, id: id)
    id = id == identifiedRowCount - 1 ? 0 : id + 1
  }
  precondition(rows.reduce(0) { $0 + $1.count } == n)
}

@inline(never)
func identifiedIncrement(_ rows: inout IdentifiedArrayOf<RowFeature.State>, id: Int) {
  rows[id: id]!.count += 1
}

@MainActor
func identifiedWriteFloor(_ n: Int) {
  var rows = HandIndexedRows(rowCount: identifiedRowCount)
  var id = 0
  for _ in 0..<n {
    handRowIncrement(&rows, id: id)
    id = id == identifiedRowCount - 1 ? 0 : id + 1
  }
  precondition(rows.rows.reduce(0) { $0 + $1.count } == n)
}

/// `n` reads `rows[id: k]?.count` over ``identifiedRowCount`` rows.
@MainActor
public func identifiedRead(_ n: Int) {
  let rows = IdentifiedArray(uncheckedUniqueElements: (0..<identifiedRowCount).map { RowFeature.State(id: $0) })
  var id = 0
  var sum = 0
  for _ in 0..<n {
    sum += identifiedCount(rows, id: id)
    id = id == identifiedRowCount - 1 ? 0 : id + 1
  }
  precondition(sum == 0 && id == n % identifiedRowCount)
}

@inline(never)
func identifiedCount(_ rows: IdentifiedArrayOf<RowFeature.State>, id: Int) -> Int {
  rows[id: id]?.count ?? -1
}

@MainActor
func identifiedReadFloor(_ n: Int) {
  let rows = HandIndexedRows(rowCount: identifiedRowCount)
  var id = 0
  var sum = 0
  for _ in 0..<n {
    sum += handRowCount(rows, id: id)
    id = id == identifiedRowCount - 1 ? 0 : id + 1
  }
  precondition(sum == 0 && id == n % identifiedRowCount)
}

@inline(never)
func handRowCount(_ rows: HandIndexedRows, id: Int) -> Int {
  rows.offsets[id].map { rows.rows[$0].count } ?? -1
}
