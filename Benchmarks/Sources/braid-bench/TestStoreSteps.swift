import Braid
import BraidTesting
import Workloads

@MainActor
func testStoreRows(_ config: Config) async -> [Row] {
  let steps = config.operations(10_000)
  let braid = await measureAsync(config, operations: steps) { n in
    let store = TestStore(initialState: EchoFeature.State()) { EchoFeature() }
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<n {
      await store.send(.tapped) { $0.taps += 1 }
      await store.receive(.echoed) { $0.echoes += 1 }
    }
    let elapsed = clock.now - start
    await store.finish()
    precondition(store.state.echoes == n)
    return elapsed
  }
  return [
    Row(
      workload: "teststore", name: "TestStore send+receive step", operations: steps,
      braid: braid,
      note: "one op = one send + one receive; \(steps) steps take \(Int(braid.median * Double(steps) / 1e6)) ms")
  ]
}
