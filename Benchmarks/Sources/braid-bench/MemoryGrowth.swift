import Braid
import Workloads

/// RSS before and after 1M root sends, and before and after 100k cancellable start/cancel
/// cycles, each after a warm-up round of the same work so one-time allocations do not count.
@MainActor
func memoryChecks(_ config: Config) async -> [MemoryCheck] {
  var checks: [MemoryCheck] = []

  let sends = config.operations(1_000_000)
  let store = Store(initialState: RootFeature.State()) { RootFeature() }
  let token = store.observe(\.count) { blackHole($0) }
  for _ in 0..<sends { store.send(.increment) }
  let beforeSends = Memory.rss ?? 0
  for _ in 0..<sends { store.send(.increment) }
  checks.append(MemoryCheck(name: "\(sends) root sends", beforeKiB: beforeSends, afterKiB: Memory.rss ?? 0))
  token.cancel()

  let cycles = config.operations(100_000)
  let effects = Store(initialState: CancelFeature.State()) { CancelFeature() }
  func churn() async {
    for round in 0..<(cycles / 1_000 + 1) {
      var started: [StoreTask] = []
      for _ in 0..<Swift.min(1_000, cycles - round * 1_000) {
        started.append(effects.send(.start))
        effects.send(.stop)
      }
      for task in started { await task.finish() }
    }
  }
  await churn()
  let beforeCycles = Memory.rss ?? 0
  await churn()
  checks.append(
    MemoryCheck(
      name: "\(cycles) cancellable start/cancel cycles", beforeKiB: beforeCycles, afterKiB: Memory.rss ?? 0))

  // Bytes per live effect: RSS before and after starting effects that stay suspended.
  let live = config.operations(4_000)
  let holder = Store(initialState: CancelFeature.State()) { CancelFeature() }
  let beforeLive = Memory.rss ?? 0
  var held: [StoreTask] = []
  for _ in 0..<live { held.append(holder.send(.hold)) }
  while holder.runningEffectCount < live { await Task.yield() }
  let afterLive = Memory.rss ?? 0
  holder.send(.release)
  for task in held { await task.finish() }
  checks.append(
    MemoryCheck(
      name: "\(live) live effects (\((afterLive - beforeLive) * 1024 / Swift.max(live, 1)) bytes each)",
      beforeKiB: beforeLive, afterKiB: afterLive))
  return checks
}
