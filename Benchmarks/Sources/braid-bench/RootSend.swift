import Braid
import OpenCombine

/// Workload 1: the root feature, a counter next to a 100-element array.
struct RootFeature: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var items = Array(0..<100)
  }

  enum Action: Equatable, Sendable {
    case increment
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    }
  }
}

/// The floor: the reducer called directly, through a function the optimizer may not inline.
@inline(never)
func rootFloorReduce(_ state: inout RootFeature.State, _ action: RootFeature.Action) -> Effect<RootFeature.Action> {
  RootFeature().reduce(into: &state, action: action)
}

@MainActor
func rootSendRows(_ config: Config) -> [Row] {
  let operations = config.operations(1_000_000)

  let braid = measure(config, operations: operations) { n in
    let store = Store(initialState: RootFeature.State()) { RootFeature() }
    var seen = 0
    let token = store.observe(\.count) { seen = $0 }
    for _ in 0..<n { store.send(.increment) }
    precondition(seen == n)
    token.cancel()
  }

  let floor = measure(config, operations: operations) { n in
    var state = RootFeature.State()
    for _ in 0..<n { _ = rootFloorReduce(&state, .increment) }
    precondition(state.count == n)
  }

  let peer = measure(config, operations: operations) { n in
    let store = CombineStore<RootFeature.State, RootFeature.Action>(
      initialState: RootFeature.State()
    ) { state, action in
      _ = RootFeature().reduce(into: &state, action: action)
      return nil
    }
    var seen = 0
    let subscription = store.subject.sink { seen = $0.count }
    for _ in 0..<n { store.send(.increment) }
    precondition(seen == n)
    subscription.cancel()
  }

  return [
    Row(
      workload: "root-send", name: "root send", operations: operations,
      braid: braid, floor: floor, peer: peer)
  ]
}
