import Braid
import OpenCombine

/// Workload 5: ten derived (computed) properties, of which only `d0` changes when `tick` does.
struct ObservedFeature: Reducer {
  struct State: Equatable, Sendable {
    var tick = 0
    var fixed = Array(1...9)
    var items = Array(0..<100)

    var d0: Int { tick * 2 }
    var d1: Int { fixed[0] * 3 }
    var d2: Int { fixed[1] * 3 }
    var d3: Int { fixed[2] * 3 }
    var d4: Int { fixed[3] * 3 }
    var d5: Int { fixed[4] * 3 }
    var d6: Int { fixed[5] * 3 }
    var d7: Int { fixed[6] * 3 }
    var d8: Int { fixed[7] * 3 }
    var d9: String { "item \(fixed[8])" }
  }

  enum Action: Sendable { case tick }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.tick += 1
    return .none
  }
}

/// Counts notifications per observer.
@MainActor
final class Tally {
  var counts = Array(repeating: 0, count: 10)
}

@inline(never)
func observedFloorReduce(_ state: inout ObservedFeature.State) {
  state.tick += 1
}

@MainActor
func observationRows(_ config: Config) -> [Row] {
  let operations = config.operations(200_000)
  typealias S = ObservedFeature.State
  let intPaths: [KeyPath<S, Int>] = [\.d0, \.d1, \.d2, \.d3, \.d4, \.d5, \.d6, \.d7, \.d8]

  let braid = measure(config, operations: operations) { n in
    let store = Store(initialState: S()) { ObservedFeature() }
    let tally = Tally()
    var tokens: [ObservationToken] = []
    for (index, path) in intPaths.enumerated() {
      tokens.append(store.observe(path, delivery: .changesOnly) { _ in tally.counts[index] += 1 })
    }
    tokens.append(store.observe(\.d9, delivery: .changesOnly) { _ in tally.counts[9] += 1 })
    for _ in 0..<n { store.send(.tick) }
    precondition(tally.counts[0] == n && tally.counts[1...].allSatisfy { $0 == 0 })
    for token in tokens { token.cancel() }
  }

  // The floor: reduce in place, then compare each derived value with the last one by hand.
  let floor = measure(config, operations: operations) { n in
    var state = S()
    let tally = Tally()
    var last = (state.d0, state.d1, state.d2, state.d3, state.d4, state.d5, state.d6, state.d7, state.d8, state.d9)
    for _ in 0..<n {
      observedFloorReduce(&state)
      if state.d0 != last.0 {
        last.0 = state.d0
        tally.counts[0] += 1
      }
      if state.d1 != last.1 {
        last.1 = state.d1
        tally.counts[1] += 1
      }
      if state.d2 != last.2 {
        last.2 = state.d2
        tally.counts[2] += 1
      }
      if state.d3 != last.3 {
        last.3 = state.d3
        tally.counts[3] += 1
      }
      if state.d4 != last.4 {
        last.4 = state.d4
        tally.counts[4] += 1
      }
      if state.d5 != last.5 {
        last.5 = state.d5
        tally.counts[5] += 1
      }
      if state.d6 != last.6 {
        last.6 = state.d6
        tally.counts[6] += 1
      }
      if state.d7 != last.7 {
        last.7 = state.d7
        tally.counts[7] += 1
      }
      if state.d8 != last.8 {
        last.8 = state.d8
        tally.counts[8] += 1
      }
      let d9 = state.d9
      if d9 != last.9 {
        last.9 = d9
        tally.counts[9] += 1
      }
    }
    precondition(tally.counts[0] == n && tally.counts[1...].allSatisfy { $0 == 0 })
  }

  // The peer: ten `map(keyPath).removeDuplicates().sink` subscriptions on the subject store.
  let peer = measure(config, operations: operations) { n in
    let store = CombineStore<S, ObservedFeature.Action>(initialState: S()) { state, action in
      _ = ObservedFeature().reduce(into: &state, action: action)
      return nil
    }
    let tally = Tally()
    var subscriptions: [OpenCombine.AnyCancellable] = []
    for (index, path) in intPaths.enumerated() {
      subscriptions.append(
        store.subject.map(path).removeDuplicates().dropFirst().sink { _ in tally.counts[index] += 1 })
    }
    subscriptions.append(
      store.subject.map(\.d9).removeDuplicates().dropFirst().sink { _ in tally.counts[9] += 1 })
    for _ in 0..<n { store.send(.tick) }
    precondition(tally.counts[0] == n && tally.counts[1...].allSatisfy { $0 == 0 })
    for subscription in subscriptions { subscription.cancel() }
  }

  return [
    Row(
      workload: "observation", name: "10 derived observers, 1 changes", operations: operations,
      braid: braid, floor: floor, peer: peer)
  ]
}
