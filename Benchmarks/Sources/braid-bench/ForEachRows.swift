import Braid
import Workloads

@MainActor
func forEachRows(_ config: Config) -> [Row] {
  let operations = config.operations(1_000_000)
  var rows: [Row] = []
  for count in [10, 1_000, 100_000] {
    rows.append(
      Row(
        workload: "for-each", name: "forEach row send by id, \(count) rows", operations: operations,
        braid: measureTimed(config, operations: operations) { forEachRowSend(rows: count, $0) },
        floor: measureTimed(config, operations: operations) { handRowSend(rows: count, $0) },
        reference: "root send, 1 observer (peer: closure store)",
        note: "only the sends are timed, not building the rows",
        target: Target(.overReference, limit: 3, "≤ 3× root send")))
  }
  rows.append(
    Row(
      workload: "for-each", name: "IdentifiedArray [id:] write, \(identifiedRowCount) rows", operations: operations,
      braid: measureTimed(config, operations: operations, identifiedWrite),
      floor: measureTimed(config, operations: operations, identifiedWriteFloor),
      target: Target(.overFloor, limit: 2, "≤ 2× array + dictionary")))
  rows.append(
    Row(
      workload: "for-each", name: "IdentifiedArray [id:] read, \(identifiedRowCount) rows", operations: operations,
      braid: measureTimed(config, operations: operations, identifiedRead),
      floor: measureTimed(config, operations: operations, identifiedReadFloor),
      target: Target(.overFloor, limit: 2, "≤ 2× array + dictionary")))
  return rows
}
