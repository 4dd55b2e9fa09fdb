import Braid
import OpenCombine
import Workloads

@MainActor
func rootSendRows(_ config: Config) -> [Row] {
  let operations = config.operations(1_000_000)
  let braid = measure(config, operations: operations, rootSend)
  let floor = measure(config, operations: operations, sendKernels["root-send.floor"]!)
  let closureStore = measure(config, operations: operations, closureStoreSend)
  let withDependencies = measure(config, operations: operations, rootSendWithDependencies)
  let combine = measure(config, operations: operations) { n in
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
      workload: "root-send", name: "root send, 1 observer (peer: closure store)", operations: operations,
      braid: braid, floor: floor, peer: closureStore,
      target: Target(.overPeer, limit: 0.5, "≤ 0.5× closure store")),
    Row(
      workload: "root-send", name: "root send, 1 observer (peer: OpenCombine store)", operations: operations,
      braid: braid, floor: floor, peer: combine),
    Row(
      workload: "root-send", name: "root send, store with a dependency override (peer: without)",
      operations: operations, braid: withDependencies, floor: floor, peer: braid),
  ]
}
