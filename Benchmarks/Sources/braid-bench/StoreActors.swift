import Braid
import Workloads

/// Workload: stores on actors of their own against stores on the main actor.
///
/// Scaling rows: K stores each reduce `total / K` requests, each request's `.run` effect sending
/// one response back; every action does real work (with a trivial reducer the ratio is
/// bimodal run to run). "Braid" is the K `StoreActor`s, "peer" the same K stores on the main
/// actor, so Peer/Braid is the throughput gained. At most 1,000 requests are in flight across
/// a row's stores (each sends in batches of 1,000 / K and awaits each batch's effects).
struct ScalingFeature: Reducer {
  struct State: Sendable {
    var requests = 0
    var responses = 0
    var checksum: UInt64 = 0
  }

  enum Action: Sendable {
    case request
    case response
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.checksum = Self.work(state.checksum)
    switch action {
    case .request:
      state.requests += 1
      return .run { send in await send(.response) }
    case .response:
      state.responses += 1
      return .none
    }
  }

  /// About a microsecond of arithmetic the optimizer cannot drop: FNV-1a over 512 bytes.
  @inline(never)
  static func work(_ seed: UInt64) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
    for byte in 0..<512 {
      hash = (hash ^ UInt64(byte & 0xff)) &* 0x100_0000_01b3
    }
    return hash
  }
}

/// Requests in flight at most, across all stores of a row: each store sends its requests in
/// batches of `inFlight / K` and awaits each batch's effects.
private let inFlight = 1_000

/// Sends `count` requests on the store's actor, in batches, and waits for their responses.
private func drive(
  _ store: isolated StoreActor<ScalingFeature.State, ScalingFeature.Action>, count: Int, batch: Int
) async {
  var sent = 0
  while sent < count {
    let size = min(batch, count - sent)
    var tasks: [StoreTask] = []
    tasks.reserveCapacity(size)
    for _ in 0..<size { tasks.append(store.send(.request)) }
    for task in tasks { await task.finish() }
    sent += size
  }
  precondition(store.state.responses == count)
}

/// The same, for a main-actor store.
@MainActor
private func drive(_ store: Store<ScalingFeature.State, ScalingFeature.Action>, count: Int, batch: Int) async {
  var sent = 0
  while sent < count {
    let size = min(batch, count - sent)
    var tasks: [StoreTask] = []
    tasks.reserveCapacity(size)
    for _ in 0..<size { tasks.append(store.send(.request)) }
    for task in tasks { await task.finish() }
    sent += size
  }
  precondition(store.state.responses == count)
}

/// Increments on the actor, for the isolated-send row.
private func sendIncrements(_ store: isolated StoreActor<RootFeature.State, RootFeature.Action>, count: Int) {
  for _ in 0..<count { store.send(.increment) }
  precondition(store.state.count == count)
}

/// A `StoreActor`'s send against a main-actor `Store`'s, the loop on each one's isolation.
@MainActor
func storeActorSendRows(_ config: Config) async -> [Row] {
  let sends = config.operations(1_000_000)
  let actorSend = await measureAsync(config, operations: sends) { n in
    let store = StoreActor(initialState: RootFeature.State()) { RootFeature() }
    let clock = ContinuousClock()
    let start = clock.now
    await sendIncrements(store, count: n)
    return clock.now - start
  }
  let mainSend = measure(config, operations: sends) { n in
    let store = Store(initialState: RootFeature.State()) { RootFeature() }
    for _ in 0..<n { store.send(.increment) }
    precondition(store.state.count == n)
  }
  return [
    Row(
      workload: "store-actor-send", name: "StoreActor send on its actor (peer: Store root send)", operations: sends,
      braid: actorSend, peer: mainSend,
      note: "a loop of sends inside an `isolated` function against the same loop on a main-actor Store, no observer")
  ]
}

/// K stores on actors of their own against K stores on the main actor.
@MainActor
func storeActorScalingRows(_ config: Config) async -> [Row] {
  var rows: [Row] = []

  let total = config.operations(64_000)
  for stores in [1, 2, 8, 64] {
    let perStore = max(1, total / stores)
    let batch = max(1, inFlight / stores)
    let actions = perStore * stores * 2
    let onActors = await measureAsync(config, operations: actions) { _ in
      var all: [StoreActor<ScalingFeature.State, ScalingFeature.Action>] = []
      for _ in 0..<stores { all.append(StoreActor(initialState: ScalingFeature.State()) { ScalingFeature() }) }
      let clock = ContinuousClock()
      let start = clock.now
      await withTaskGroup(of: Void.self) { group in
        for store in all { group.addTask { await drive(store, count: perStore, batch: batch) } }
      }
      return clock.now - start
    }
    let onMain = await measureAsync(config, operations: actions) { _ in
      let all = (0..<stores).map { _ in Store(initialState: ScalingFeature.State()) { ScalingFeature() } }
      let clock = ContinuousClock()
      let start = clock.now
      let drivers = all.map { store in Task { @MainActor in await drive(store, count: perStore, batch: batch) } }
      for driver in drivers { await driver.value }
      return clock.now - start
    }
    rows.append(
      Row(
        workload: "store-actor-scaling", name: "K = \(stores) stores, request + response (peer: on the main actor)",
        operations: actions, braid: onActors, peer: onMain,
        note: stores == 1
          ? "ns per reduced action; each action hashes 512 bytes, each request's effect sends the response"
          : nil))
  }
  return rows
}
