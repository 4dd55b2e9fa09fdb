import Braid
import OpenCombine
import Workloads

@MainActor
func effectRows(_ config: Config) async -> [Row] {
  var rows: [Row] = []

  // Feedback chain: one op = one action (1,000 per outer send).
  let chains = config.operations(1_000)
  let chainOps = chains * ChainFeature.length
  let chainBraid = measure(config, operations: chainOps) { n in
    let store = Store(initialState: ChainFeature.State()) { ChainFeature() }
    for _ in 0..<(n / ChainFeature.length) { store.send(.start) }
    precondition(store.state.steps == ChainFeature.length)
  }
  let chainFloor = measure(config, operations: chainOps) { n in
    var state = ChainFeature.State()
    let reduce = opaque(chainFloorReduce)
    for _ in 0..<(n / ChainFeature.length) {
      var next: ChainFeature.Action? = .start
      while let action = next { next = reduce(&state, action) }
    }
    precondition(state.steps == ChainFeature.length)
  }
  let chainPeer = measure(config, operations: chainOps) { n in
    let store = CombineStore<ChainFeature.State, ChainFeature.Action>(
      initialState: ChainFeature.State()
    ) { state, action in
      switch action {
      case .start: state.steps = 1
      case .step: state.steps += 1
      }
      return state.steps < ChainFeature.length ? Just(.step).eraseToAnyPublisher() : nil
    }
    for _ in 0..<(n / ChainFeature.length) { store.send(.start) }
    precondition(store.subject.value.steps == ChainFeature.length)
  }
  rows.append(
    peakNoted: Row(
      workload: "effects", name: ".send chain (per action)", operations: chainOps,
      braid: chainBraid, floor: chainFloor, peer: chainPeer))

  // 100 merged .none against one .none (the floor here is Braid's own single .none).
  let mergeOps = config.operations(1_000_000)
  let hundred = Array(repeating: Effect<MergeFeature.Action>.none, count: 100)
  let merged = measure(config, operations: mergeOps) { n in
    let store = Store(initialState: MergeFeature.State()) { MergeFeature(effects: hundred) }
    for _ in 0..<n { store.send(.tapped) }
    precondition(store.state.count == n)
  }
  let single = measure(config, operations: mergeOps) { n in
    let store = Store(initialState: MergeFeature.State()) { MergeFeature(effects: []) }
    for _ in 0..<n { store.send(.tapped) }
    precondition(store.state.count == n)
  }
  let peerOps = config.operations(20_000)
  let mergePeer = measure(config, operations: peerOps) { n in
    let empties = Array(repeating: Empty<MergeFeature.Action, Never>(), count: 100)
    let store = CombineStore<MergeFeature.State, MergeFeature.Action>(
      initialState: MergeFeature.State()
    ) { state, _ in
      state.count += 1
      return empties.publisher.flatMap { $0 }.eraseToAnyPublisher()
    }
    for _ in 0..<n { store.send(.tapped) }
    precondition(store.subject.value.count == n)
  }
  rows.append(
    peakNoted: Row(
      workload: "effects", name: "100 merged .none (floor: one .none)", operations: mergeOps,
      braid: merged, floor: single, peer: mergePeer,
      note:
        "floor is a Braid send returning one .none; peer merges 100 Empty publishers with `empties.publisher.flatMap { $0 }` (OpenCombine 0.14 has no MergeMany) (\(peerOps) sends)"
    ))

  // Start + cancel of a cancellable .run effect against a bare Task start + cancel.
  let cycles = config.operations(100_000)
  let cancelBraid = await measureAsync(config, operations: cycles) { n in
    let store = Store(initialState: CancelFeature.State()) { CancelFeature() }
    var started: [StoreTask] = []
    started.reserveCapacity(n)
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<n {
      started.append(store.send(.start))
      store.send(.stop)
    }
    let elapsed = clock.now - start
    for task in started { await task.finish() }
    return elapsed
  }
  let peakAfterBraid = Memory.peak ?? 0
  let cancelFloor = await measureAsync(config, operations: cycles) { n in
    var started: [Task<Void, Never>] = []
    started.reserveCapacity(n)
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<n {
      let task = Task.detached {}
      started.append(task)
      task.cancel()
    }
    let elapsed = clock.now - start
    for task in started { await task.value }
    return elapsed
  }
  rows.append(
    peakNoted: Row(
      workload: "effects", name: "cancellable start+cancel", operations: cycles,
      braid: cancelBraid, floor: cancelFloor,
      note:
        "floor: Task.detached {} + cancel() (Braid's .run operations are @concurrent); peak RSS after the Braid runs \(peakAfterBraid / 1024) MiB, after the floor runs \((Memory.peak ?? 0) / 1024) MiB"
    ))

  // cancelInFlight churn: every send cancels the previous effect and starts a new one.
  let churnBraid = await measureAsync(config, operations: cycles) { n in
    let store = Store(initialState: CancelFeature.State()) { CancelFeature() }
    var last = StoreTask?.none
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<n { last = store.send(.search) }
    let elapsed = clock.now - start
    await last?.finish()
    return elapsed
  }
  let churnFloor = await measureAsync(config, operations: cycles) { n in
    var started: [Task<Void, Never>] = []
    started.reserveCapacity(n)
    var inFlight: Task<Void, Never>?
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<n {
      inFlight?.cancel()
      let task = Task.detached {}
      started.append(task)
      inFlight = task
    }
    let elapsed = clock.now - start
    for task in started { await task.value }
    return elapsed
  }
  rows.append(
    peakNoted: Row(
      workload: "effects", name: "cancelInFlight churn", operations: cycles,
      braid: churnBraid, floor: churnFloor,
      note: "floor: cancel the previous Task.detached {}, start a new one"))

  return rows
}

extension [Row] {
  /// Appends `row` with the peak RSS so far.
  mutating func append(peakNoted row: Row) {
    var row = row
    row.peakRSSKiB = Memory.peak
    append(row)
  }
}
