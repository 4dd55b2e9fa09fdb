import Braid
import Dispatch

/// The effect workloads, counted by `braid-count`: the caller's thread blocks while started
/// tasks finish on the global executor (nothing here needs the main actor), 1,000 cycles at a
/// time, so memory stays bounded.
@MainActor
public let effectKernels: [String: @MainActor (Int) -> Void] = [
  "send-chain": sendChain,
  "send-chain.floor": sendChainFloor,
  "merged-none-100": { mergedNone(count: 100, $0) },
  "merged-none-1": { mergedNone(count: 0, $0) },
  "cancellable": cancellableCycles,
  "cancellable-dependencies": cancellableCyclesWithDependencies,
  "cancellable-inspected": cancellableCyclesInspected,
  "cancellable.floor": detachedTaskCycles,
  "cancel-in-flight": cancelInFlightChurn,
  "cancel-in-flight.floor": detachedTaskChurn,
]

/// The batch size of the effect kernels.
public let effectBatch = 1_000

/// Blocks until every task in `tasks` has finished.
func waitBlocking(_ tasks: [StoreTask]) {
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    for task in tasks { await task.finish() }
    done.signal()
  }
  done.wait()
}

/// Blocks until every task in `tasks` has finished.
func waitBlocking(_ tasks: [Task<Void, Never>]) {
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    for task in tasks { await task.value }
    done.signal()
  }
  done.wait()
}

/// `n` actions of `.send` feedback chains, 1,000 actions each.
@MainActor
public func sendChain(_ n: Int) {
  let store = Store(initialState: ChainFeature.State()) { ChainFeature() }
  for _ in 0..<(n / ChainFeature.length) { store.send(.start) }
  precondition(store.state.steps == ChainFeature.length)
}

@MainActor
func sendChainFloor(_ n: Int) {
  var state = ChainFeature.State()
  for _ in 0..<(n / ChainFeature.length) {
    var next: ChainFeature.Action? = .start
    while let action = next { next = chainFloorReduce(&state, action) }
  }
  precondition(state.steps == ChainFeature.length)
}

/// `n` sends whose reducer returns `.merge` of `count` stored `.none` (or `.none` for 0).
@MainActor
public func mergedNone(count: Int, _ n: Int) {
  let effects = Array(repeating: Effect<MergeFeature.Action>.none, count: count)
  let store = Store(initialState: MergeFeature.State()) { MergeFeature(effects: effects) }
  for _ in 0..<n { store.send(.tapped) }
  precondition(store.state.count == n)
}

/// `n` cycles of starting a cancellable `.run` effect and cancelling it by id.
@MainActor
public func cancellableCycles(_ n: Int) {
  startAndCancel(Store(initialState: CancelFeature.State()) { CancelFeature() }, n)
}

/// The same cycles in a store made with a dependency override: its sends make the store's
/// values current, and its effects bind them.
@MainActor
public func cancellableCyclesWithDependencies(_ n: Int) {
  let store = Store(initialState: CancelFeature.State()) {
    CancelFeature()
  } withDependencies: {
    $0.uuid = .incrementing
  }
  startAndCancel(store, n)
}

/// `n` cycles of `.start` then `.stop` on `store`, awaited 1,000 at a time.
@MainActor
func startAndCancel(_ store: Store<CancelFeature.State, CancelFeature.Action>, _ n: Int) {
  var done = 0
  while done < n {
    let size = min(effectBatch, n - done)
    var started: [StoreTask] = []
    started.reserveCapacity(size)
    for _ in 0..<size {
      started.append(store.send(.start))
      store.send(.stop)
    }
    waitBlocking(started)
    done += size
  }
  precondition(store.state.starts == n && store.runningEffectCount == 0)
}

@MainActor
func detachedTaskCycles(_ n: Int) {
  var done = 0
  while done < n {
    let size = min(effectBatch, n - done)
    var started: [Task<Void, Never>] = []
    started.reserveCapacity(size)
    for _ in 0..<size {
      let task = Task.detached {}
      started.append(task)
      task.cancel()
    }
    waitBlocking(started)
    done += size
  }
}

/// `n` sends each starting a `cancelInFlight` effect, which cancels the previous one.
@MainActor
public func cancelInFlightChurn(_ n: Int) {
  let store = Store(initialState: CancelFeature.State()) { CancelFeature() }
  var done = 0
  while done < n {
    let size = min(effectBatch, n - done)
    var started: [StoreTask] = []
    started.reserveCapacity(size)
    for _ in 0..<size { started.append(store.send(.search)) }
    waitBlocking(started)
    done += size
  }
  precondition(store.state.starts == n && store.runningEffectCount == 0)
}

@MainActor
func detachedTaskChurn(_ n: Int) {
  var done = 0
  var inFlight: Task<Void, Never>?
  while done < n {
    let size = min(effectBatch, n - done)
    var started: [Task<Void, Never>] = []
    started.reserveCapacity(size)
    for _ in 0..<size {
      inFlight?.cancel()
      let task = Task.detached {}
      started.append(task)
      inFlight = task
    }
    waitBlocking(started)
    done += size
  }
}
