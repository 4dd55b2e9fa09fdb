import Braid
import Workloads

/// A scoped row and its reference: the same action sent fully embedded to the root store.
@MainActor
private func scopedRows(_ config: Config, kind: String, depth: Int, operations: Int) -> [Row] {
  let floor = measure(config, operations: operations, sendKernels["nested-\(depth).floor"]!)
  let embedded = measure(config, operations: operations, sendKernels["embedded-\(kind)-\(depth)"]!)
  let scoped = measure(config, operations: operations, sendKernels["scoped-\(kind)-\(depth)"]!)
  let embeddedName = "root send of the embedded action, \(kind), depth \(depth)"
  return [
    Row(workload: "scoped-send", name: embeddedName, operations: operations, braid: embedded, floor: floor),
    Row(
      workload: "scoped-send", name: "scoped store send, \(kind), depth \(depth)", operations: operations,
      braid: scoped, floor: floor, reference: embeddedName,
      target: depth > 1 ? Target(.overReference, limit: 1.5, "≤ 1.5× root send of the embedded action") : nil),
  ]
}

@MainActor
func scopedSendRows(_ config: Config) -> [Row] {
  let operations = config.operations(1_000_000)
  var rows: [Row] = []
  for kind in ["plain", "generic"] {
    for depth in [1, 5, 10] {
      rows += scopedRows(config, kind: kind, depth: depth, operations: operations)
    }
  }
  return rows
}
