// braid-peers: Braid's IdentifiedArray and case paths against swift-identified-collections
// 1.1.1 and swift-case-paths 1.10.0, in one run. ns per operation, median of 7.
//
//   swift run -c release --package-path Benchmarks/Peers braid-peers

let operations = 1_000_000
var lines = [
  "| Workload | Braid ns/op | Peer ns/op | Floor ns/op | Braid/peer |",
  "|---|---:|---:|---:|---:|",
]

lines.append(
  PeerRow(
    name: "IdentifiedArray `[id:]` write, \(rowCount) rows",
    braid: median(operations: operations, BraidWorkloads.write),
    peer: median(operations: operations, PointFreeWorkloads.write),
    floor: median(operations: operations) { n in
      var rows = IndexedRows(count: rowCount)
      for index in 0..<n { floorWrite(&rows, id: index % rowCount) }
      precondition(rows.rows.reduce(0) { $0 + $1.count } == n)
    }
  ).line)

lines.append(
  PeerRow(
    name: "IdentifiedArray `[id:]` read, \(rowCount) rows",
    braid: median(operations: operations, BraidWorkloads.read),
    peer: median(operations: operations, PointFreeWorkloads.read),
    floor: median(operations: operations) { n in
      let rows = IndexedRows(count: rowCount)
      var sum = 0
      for index in 0..<n { sum += floorRead(rows, id: index % rowCount) }
      precondition(sum == 0)
    }
  ).line)

lines.append(
  PeerRow(
    name: "IdentifiedArray append + remove(id:) from the end",
    braid: median(operations: 100_000, BraidWorkloads.appendRemove),
    peer: median(operations: 100_000, PointFreeWorkloads.appendRemove),
    floor: nil
  ).line)

for (label, actions) in [
  ("matching", Array(repeating: PeerAction.child(1), count: 1_024)),
  ("non-matching", (0..<1_024).map { $0 % 2 == 0 ? PeerAction.other($0) : .reset }),
] {
  let expected = label == "matching" ? 10_000_000 : 0
  let floor = median(operations: 10_000_000) { n in
    var found = 0
    for index in 0..<n where handExtract(actions[index & 1023]) != nil { found += 1 }
    precondition(found == (label == "matching" ? n : 0))
  }
  let braid = median(operations: 10_000_000) { n in
    blackHole(BraidWorkloads.extract(actions, n))
  }
  precondition(BraidWorkloads.extract(actions, 10_000_000) == expected)
  lines.append(
    PeerRow(
      name: "case path extraction, \(label): `/Action.child` vs `action[case: \\.child]`",
      braid: braid,
      peer: median(operations: 100_000) { n in blackHole(PointFreeWorkloads.extractBySubscript(actions, n)) },
      floor: floor
    ).line)
  lines.append(
    PeerRow(
      name: "case path extraction, \(label): `/Action.child` vs `Action.allCasePaths.child`",
      braid: braid,
      peer: median(operations: 10_000_000) { n in blackHole(PointFreeWorkloads.extractByCasePath(actions, n)) },
      floor: floor
    ).line)
}

print(lines.joined(separator: "\n"))
print("\nFloor: a plain array and a dictionary from id to offset; an `if case` through an opaque call.")
