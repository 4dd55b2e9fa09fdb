import Braid
import OpenCombine
import Workloads

@MainActor
func observationRows(_ config: Config) -> [Row] {
  let operations = config.operations(200_000)
  typealias S = ObservedFeature.State
  let intPaths: [KeyPath<S, Int>] = [\.d0, \.d1, \.d2, \.d3, \.d4, \.d5, \.d6, \.d7, \.d8]

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

  var rows: [Row] = []
  for count in [1, 10, 100] {
    let floor = measure(config, operations: operations, observationKernels["observers-\(count).floor"]!)
    rows.append(
      Row(
        workload: "observation", name: "\(count) derived observers by key path, 1 changes", operations: operations,
        braid: measure(config, operations: operations) { derivedObservers(count: count, $0) },
        floor: floor, peer: count == 10 ? peer : nil,
        target: count == 10 ? Target(.overFloor, limit: 5, "≤ 5× floor") : nil))
    rows.append(
      Row(
        workload: "observation", name: "\(count) derived observers by closure, 1 changes", operations: operations,
        braid: measure(config, operations: operations) { derivedClosureObservers(count: count, $0) },
        floor: floor,
        target: count == 10 ? Target(.overFloor, limit: 5, "≤ 5× floor") : nil))
  }
  return rows
}
