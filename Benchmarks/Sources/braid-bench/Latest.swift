import Braid
import OpenCombine
import Workloads

/// Workload 6: the newest-wins async lookup (flatMapLatest): every query change starts a
/// lookup and cancels the one in flight, so only the last query's response arrives.
struct LatestFeature: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    /// The last response received; -1 before any.
    var response = -1
    var responses = 0
  }

  enum Action: Sendable {
    case queryChanged(String)
    case response(Int)
  }

  enum ID: Hashable, Sendable { case search }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .run { send in await send(.response(query.count)) }
        .cancellable(id: ID.search, cancelInFlight: true)
    case .response(let count):
      state.response = count
      state.responses += 1
      return .none
    }
  }
}

/// The queries, operation `i` sends `latestQueries[i % 64]` (0 to 63 characters, so the
/// response identifies the query).
private let latestQueries: [String] = (0..<64).map { String(repeating: "q", count: $0) }

@MainActor
func latestRows(_ config: Config) async -> [Row] {
  let operations = config.operations(100_000)
  let expected = latestQueries[(operations - 1) % latestQueries.count].count

  // In batches of `effectBatch` queries, so that the cancelled lookups of one batch wind down
  // before the next starts (100,000 pending at once held ~380 MiB). Each batch's last query gets
  // the one response of the batch. `Store.runningEffectCount` is `package`, out of reach here:
  // wait for the last send's effect, then yield so the cancelled ones can wind down.
  let batches = (operations + effectBatch - 1) / effectBatch
  let braid = await measureAsync(config, operations: operations) { n in
    let store = Store(initialState: LatestFeature.State()) { LatestFeature() }
    var sent = 0
    let elapsed = await batched(n) { size in
      var last = StoreTask?.none
      let clock = ContinuousClock()
      let start = clock.now
      for index in sent..<(sent + size) {
        last = store.send(.queryChanged(latestQueries[index % latestQueries.count]))
      }
      let elapsed = clock.now - start
      sent += size
      await last?.finish()
      for _ in 0..<10 { await Task.yield() }
      return elapsed
    }
    precondition(store.state.response == expected && store.state.responses == batches)
    return elapsed
  }

  // The floor: cancel the previous detached task, start one that computes the response.
  let floor = await measureAsync(config, operations: operations) { n in
    var sent = 0
    var response: Int?
    let elapsed = await batched(n) { size in
      var inFlight: Task<Int, Never>?
      let clock = ContinuousClock()
      let start = clock.now
      for index in sent..<(sent + size) {
        inFlight?.cancel()
        let query = latestQueries[index % latestQueries.count]
        inFlight = Task.detached { query.count }
      }
      let elapsed = clock.now - start
      sent += size
      response = await inFlight?.value
      for _ in 0..<10 { await Task.yield() }
      return elapsed
    }
    precondition(response == expected)
    return elapsed
  }

  // The peer: each query maps to a `Future` of its response, `switchToLatest` keeps the newest.
  // The futures resolve at once on the sending thread, so no lookup is ever left in flight.
  let peer = measure(config, operations: operations) { n in
    let queries = PassthroughSubject<String, Never>()
    var response = -1
    var responses = 0
    let subscription =
      queries
      .map { query in Future<Int, Never> { promise in promise(.success(query.count)) } }
      .switchToLatest()
      .sink { value in
        response = value
        responses += 1
      }
    for index in 0..<n { queries.send(latestQueries[index % latestQueries.count]) }
    precondition(response == expected && responses == n)
    subscription.cancel()
  }

  return [
    Row(
      workload: "latest", name: "newest-wins lookup (cancelInFlight)", operations: operations,
      braid: braid, floor: floor, peer: peer,
      note:
        "only the synchronous send loops are timed, \(effectBatch) queries at a time; floor: cancel the previous Task.detached, start one computing the response; peer: map to Future + switchToLatest, futures resolve synchronously (nothing to cancel)"
    )
  ]
}
