import Braid

// MARK: - forEach rows

/// `n` sends to rows of a `forEach` list of `rows` rows, by id, each id in turn; one observer of
/// a stored property, as in the root send.
///
/// - Returns: The time the sends took (building 100,000 rows takes longer than a million sends).
@MainActor
@discardableResult
public func forEachRowSend(rows: Int, _ n: Int) -> Duration {
  let store = Store(initialState: RowsFeature.State(rowCount: rows)) { RowsFeature() }
  var notified = 0
  let token = store.observe(\.title) { _ in notified += 1 }
  var id = 0
  let clock = ContinuousClock()
  let start = clock.now
  for _ in 0..<n {
    store.send(.rows(.element(id: id, action: .increment)))
    id = id == rows - 1 ? 0 : id + 1
  }
  let elapsed = clock.now - start
  precondition(store.state.rows.reduce(0) { $0 + $1.count } == n && notified == 1)
  token.cancel()
  return elapsed
}

/// The floor of ``forEachRowSend(rows:_:)``.
@MainActor
@discardableResult
public func handRowSend(rows: Int, _ n: Int) -> Duration {
  var state = HandIndexedRows(rowCount: rows)
  var id = 0
  let clock = ContinuousClock()
  let start = clock.now
  for _ in 0..<n {
    handRowIncrement(&state, id: id)
    id = id == rows - 1 ? 0 : id + 1
  }
  let elapsed = clock.now - start
  precondition(state.rows.reduce(0) { $0 + $1.count } == n)
  return elapsed
}

// MARK: - IdentifiedArray subscripts

/// `n` writes `rows[id: k]!.count += 1` over ``identifiedRowCount`` rows.
@MainActor
@discardableResult
public func identifiedWrite(_ n: Int) -> Duration {
  var rows = IdentifiedArray(uncheckedUniqueElements: (0..<identifiedRowCount).map { RowFeature.State(id: $0) })
  var id = 0
  let clock = ContinuousClock()
  let start = clock.now
  for _ in 0..<n {
    identifiedIncrement(&rows, id: id)
    id = id == identifiedRowCount - 1 ? 0 : id + 1
  }
  let elapsed = clock.now - start
  precondition(rows.reduce(0) { $0 + $1.count } == n)
  return elapsed
}

@inline(never)
func identifiedIncrement(_ rows: inout IdentifiedArrayOf<RowFeature.State>, id: Int) {
  rows[id: id]!.count += 1
}

@MainActor
@discardableResult
public func identifiedWriteFloor(_ n: Int) -> Duration {
  var rows = HandIndexedRows(rowCount: identifiedRowCount)
  var id = 0
  let clock = ContinuousClock()
  let start = clock.now
  for _ in 0..<n {
    handRowIncrement(&rows, id: id)
    id = id == identifiedRowCount - 1 ? 0 : id + 1
  }
  let elapsed = clock.now - start
  precondition(rows.rows.reduce(0) { $0 + $1.count } == n)
  return elapsed
}

/// `n` reads `rows[id: k]?.count` over ``identifiedRowCount`` rows.
@MainActor
@discardableResult
public func identifiedRead(_ n: Int) -> Duration {
  let rows = IdentifiedArray(uncheckedUniqueElements: (0..<identifiedRowCount).map { RowFeature.State(id: $0) })
  var id = 0
  var sum = 0
  let clock = ContinuousClock()
  let start = clock.now
  for _ in 0..<n {
    sum += identifiedCount(rows, id: id)
    id = id == identifiedRowCount - 1 ? 0 : id + 1
  }
  let elapsed = clock.now - start
  precondition(sum == 0 && id == n % identifiedRowCount)
  return elapsed
}

@inline(never)
func identifiedCount(_ rows: IdentifiedArrayOf<RowFeature.State>, id: Int) -> Int {
  rows[id: id]?.count ?? -1
}

@MainActor
@discardableResult
public func identifiedReadFloor(_ n: Int) -> Duration {
  let rows = HandIndexedRows(rowCount: identifiedRowCount)
  var id = 0
  var sum = 0
  let clock = ContinuousClock()
  let start = clock.now
  for _ in 0..<n {
    sum += handRowCount(rows, id: id)
    id = id == identifiedRowCount - 1 ? 0 : id + 1
  }
  let elapsed = clock.now - start
  precondition(sum == 0 && id == n % identifiedRowCount)
  return elapsed
}

@inline(never)
func handRowCount(_ rows: HandIndexedRows, id: Int) -> Int {
  rows.offsets[id].map { rows.rows[$0].count } ?? -1
}
