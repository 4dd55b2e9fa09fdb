import Braid
import BraidFetchedResults
import Foundation

/// Workload 9: the fetched-results differ on 10,000 rows with 1 % changed (25 deletes, 25
/// inserts, 25 moves, 25 updates). Floor: a keyed set difference (deletes, inserts and changed
/// values by id, no moves, no positions). Peer: Foundation's `difference(from:)` plus
/// `inferringMoves()` on the element arrays.
@MainActor
func fetchedResultsDiffRows(_ config: Config) -> [Row] {
  struct Entry: Identifiable, Equatable, Sendable, Hashable {
    let id: Int
    var value: Int
  }
  let count = config.quick ? 1_000 : 10_000
  let old = (0..<count).map { Entry(id: $0, value: 0) }
  var generator = SeededRandomNumberGenerator(seed: 9)
  var new = old
  let changes = max(1, count / 400)
  for _ in 0..<changes { new.remove(at: Int.random(in: new.indices, using: &generator)) }
  for index in 0..<changes {
    new.insert(Entry(id: count + index, value: 0), at: Int.random(in: 0...new.count, using: &generator))
  }
  for _ in 0..<changes {
    let moved = new.remove(at: Int.random(in: new.indices, using: &generator))
    new.insert(moved, at: Int.random(in: 0...new.count, using: &generator))
  }
  for _ in 0..<changes { new[Int.random(in: new.indices, using: &generator)].value += 1 }
  let oldSnapshot = FetchedResultsSnapshot(old)
  let newSnapshot = FetchedResultsSnapshot(new)
  let operations = config.quick ? 2 : 50
  let check = FetchedResultsChanges(from: oldSnapshot, to: newSnapshot)
  precondition(oldSnapshot.applying(check, from: newSnapshot) == newSnapshot)

  let braid = measure(config, operations: operations) { n in
    for _ in 0..<n {
      let diff = FetchedResultsChanges(from: oldSnapshot, to: newSnapshot)
      precondition(diff.count >= changes)
    }
  }
  let floor = measure(config, operations: operations) { n in
    for _ in 0..<n {
      var oldValues: [Int: Int] = [:]
      for entry in old { oldValues[entry.id] = entry.value }
      let newIDs = Set(new.map(\.id))
      var inserted = 0
      var updated = 0
      for entry in new {
        if let value = oldValues[entry.id] { if value != entry.value { updated += 1 } } else { inserted += 1 }
      }
      let deleted = old.count { !newIDs.contains($0.id) }
      precondition(inserted + deleted + updated > 0)
    }
  }
  let peer = measure(config, operations: operations) { n in
    for _ in 0..<n {
      let difference = new.difference(from: old).inferringMoves()
      precondition(!difference.isEmpty)
    }
  }
  return [
    Row(
      workload: "fetched-results", name: "diff \(count) rows, 1 % changed (per diff)", operations: operations,
      braid: braid, floor: floor, peer: peer,
      note:
        "\(check.count) changes: \(check.deletes.count) deletes, \(check.inserts.count) inserts, \(check.moves.count) moves, \(check.updates.count) updates"
    )
  ]
}
