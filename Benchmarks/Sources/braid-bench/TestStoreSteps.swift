import Braid
import BraidTesting

/// Workload 7: a feature whose action feeds one `.send` back.
struct EchoFeature: Reducer {
  struct State: Equatable, Sendable {
    var taps = 0
    var echoes = 0
  }

  enum Action: Equatable, Sendable { case tapped, echoed }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tapped:
      state.taps += 1
      return .send(.echoed)
    case .echoed:
      state.echoes += 1
      return .none
    }
  }
}

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
