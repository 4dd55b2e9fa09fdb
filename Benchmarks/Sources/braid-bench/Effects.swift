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
      braid: chainBraid, floor: chainFloor, peer: chainPeer, reference: "root send, 1 observer (peer: closure store)",
      target: Target(.overReference, limit: 2, "≤ 2× root send")))

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
        "floor is a Braid send returning one .none; peer merges 100 Empty publishers with `empties.publisher.flatMap { $0 }` (OpenCombine 0.14 has no MergeMany) (\(peerOps) sends)",
      target: Target(.overFloor, limit: 1.2, "≤ 1.2× one .none")))

  // Start + cancel of a cancellable .run effect against a bare Task start + cancel.
  let cycles = config.operations(100_000)
  let cancelBraid = await measureAsync(config, operations: cycles) { n in
    let store = Store(initialState: CancelFeature.State()) { CancelFeature() }
    return await batched(n) { size in
      var started: [StoreTask] = []
      started.reserveCapacity(size)
      let clock = ContinuousClock()
      let start = clock.now
      for _ in 0..<size {
        started.append(store.send(.start))
        store.send(.stop)
      }
      let elapsed = clock.now - start
      for task in started { await task.finish() }
      return elapsed
    }
  }
  let cancelFloor = await measureAsync(config, operations: cycles) { n in
    await batched(n) { size in
      var started: [Task<Void, Never>] = []
      started.reserveCapacity(size)
      let clock = ContinuousClock()
      let start = clock.now
      for _ in 0..<size {
        let task = Task.detached {}
        started.append(task)
        task.cancel()
      }
      let elapsed = clock.now - start
      for task in started { await task.value }
      return elapsed
    }
  }
  rows.append(
    peakNoted: Row(
      workload: "effects", name: "cancellable start+cancel", operations: cycles,
      braid: cancelBraid, floor: cancelFloor,
      note:
        "floor: Task.detached {} + cancel() (Braid's .run operations are @concurrent); only the start/cancel loops are timed, \(effectBatch) cycles at a time, each batch awaited untimed",
      target: Target(.overFloor, limit: 2, "≤ 2× Task.detached + cancel")))

  // cancelInFlight churn: every send cancels the previous effect and starts a new one.
  let churnBraid = await measureAsync(config, operations: cycles) { n in
    let store = Store(initialState: CancelFeature.State()) { CancelFeature() }
    return await batched(n) { size in
      var started: [StoreTask] = []
      started.reserveCapacity(size)
      let clock = ContinuousClock()
      let start = clock.now
      for _ in 0..<size { started.append(store.send(.search)) }
      let elapsed = clock.now - start
      for task in started { await task.finish() }
      return elapsed
    }
  }
  let churnFloor = await measureAsync(config, operations: cycles) { n in
    var inFlight: Task<Void, Never>?
    return await batched(n) { size in
      var started: [Task<Void, Never>] = []
      started.reserveCapacity(size)
      let clock = ContinuousClock()
      let start = clock.now
      for _ in 0..<size {
        inFlight?.cancel()
        let task = Task.detached {}
        started.append(task)
        inFlight = task
      }
      let elapsed = clock.now - start
      for task in started { await task.value }
      return elapsed
    }
  }
  rows.append(
    peakNoted: Row(
      workload: "effects", name: "cancelInFlight churn", operations: cycles,
      braid: churnBraid, floor: churnFloor,
      note: "floor: cancel the previous Task.detached {}, start a new one",
      target: Target(.overFloor, limit: 2, "≤ 2× its floor")))

  return rows
}

/// Runs `body` on batches of at most ``effectBatch`` operations, `n` in all, and sums the time
/// each reports, so that no more than one batch of tasks is ever alive.
@MainActor
func batched(_ n: Int, _ body: (Int) async -> Duration) async -> Duration {
  var total = Duration.zero
  var done = 0
  while done < n {
    let size = min(effectBatch, n - done)
    total += await body(size)
    done += size
  }
  return total
}

extension [Row] {
  /// Appends `row` with the peak RSS so far.
  mutating func append(peakNoted row: Row) {
    var row = row
    row.peakRSSKiB = Memory.peak
    append(row)
  }
}
