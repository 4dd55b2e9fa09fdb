import Braid
import OpenCombine

/// Workload 6: map (×3) → filter (even) → scan (running sum) over a stream of integers.
struct PipelineFeature: Reducer {
  struct State: Equatable, Sendable {
    var total = 0
  }

  enum Action: Sendable { case value(Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .value(let value):
      let mapped = value &* 3
      if mapped % 2 == 0 { state.total &+= mapped }
      return .none
    }
  }
}

/// The expected running sum of `0..<n`.
private func expectedTotal(_ n: Int) -> Int {
  var total = 0
  for value in 0..<n {
    let mapped = value &* 3
    if mapped % 2 == 0 { total &+= mapped }
  }
  return total
}

@inline(never)
func pipelineFloorStep(_ total: inout Int, _ value: Int) {
  let mapped = value &* 3
  if mapped % 2 == 0 { total &+= mapped }
}

@MainActor
func pipelineRows(_ config: Config) -> [Row] {
  let operations = config.operations(1_000_000)
  let expected = expectedTotal(operations)

  let braid = measure(config, operations: operations) { n in
    let store = Store(initialState: PipelineFeature.State()) { PipelineFeature() }
    var seen = 0
    let token = store.observe(\.total) { seen = $0 }
    for value in 0..<n { store.send(.value(value)) }
    precondition(seen == expected)
    token.cancel()
  }

  // The floor: the hand-written loop, one non-inlined call per value.
  let floor = measure(config, operations: operations) { n in
    var total = 0
    let step = opaque(pipelineFloorStep)
    for value in 0..<n { step(&total, value) }
    precondition(total == expected)
  }

  let peer = measure(config, operations: operations) { n in
    let subject = PassthroughSubject<Int, Never>()
    var seen = 0
    let subscription =
      subject
      .map { $0 &* 3 }
      .filter { $0 % 2 == 0 }
      .scan(0, &+)
      .sink { seen = $0 }
    for value in 0..<n { subject.send(value) }
    precondition(seen == expected)
    subscription.cancel()
  }

  return [
    Row(
      workload: "pipeline", name: "map→filter→scan", operations: operations,
      braid: braid, floor: floor, peer: peer)
  ]
}
