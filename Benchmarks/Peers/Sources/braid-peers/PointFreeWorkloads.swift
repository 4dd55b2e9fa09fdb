import CasePaths
import IdentifiedCollections

// The peers: swift-identified-collections 1.1.1 and swift-case-paths 1.10.0 (`@CasePathable`).

@CasePathable
enum PeerAction: Sendable {
  case child(Int)
  case other(Int)
  case reset
}

@inline(never)
func peerWrite(_ rows: inout IdentifiedCollections.IdentifiedArrayOf<Row>, id: Int) {
  rows[id: id]!.count += 1
}

@inline(never)
func peerRead(_ rows: IdentifiedCollections.IdentifiedArrayOf<Row>, id: Int) -> Int {
  rows[id: id]?.count ?? -1
}

enum PointFreeWorkloads {
  static func makeRows() -> IdentifiedCollections.IdentifiedArrayOf<Row> {
    IdentifiedCollections.IdentifiedArray(uniqueElements: (0..<rowCount).map { Row(id: $0) })
  }

  static func write(_ n: Int) {
    var rows = makeRows()
    for index in 0..<n { peerWrite(&rows, id: index % rowCount) }
    precondition(rows.reduce(0) { $0 + $1.count } == n)
  }

  static func read(_ n: Int) {
    let rows = makeRows()
    var sum = 0
    for index in 0..<n { sum += peerRead(rows, id: index % rowCount) }
    precondition(sum == 0)
  }

  static func appendRemove(_ n: Int) {
    var rows = IdentifiedCollections.IdentifiedArrayOf<Row>()
    for index in 0..<n { rows.append(Row(id: index)) }
    for index in (0..<n).reversed() { rows.remove(id: index) }
    precondition(rows.isEmpty)
  }

  /// `action[case: \.child]`, as TCA features write it.
  static func extractBySubscript(_ actions: [PeerAction], _ n: Int) -> Int {
    var found = 0
    for index in 0..<n where actions[index & 1023][case: \.child] != nil { found += 1 }
    return found
  }

  /// The macro-generated case path, fetched once: `PeerAction.allCasePaths.child`.
  static func extractByCasePath(_ actions: [PeerAction], _ n: Int) -> Int {
    let child = PeerAction.allCasePaths.child
    var found = 0
    for index in 0..<n where child.extract(from: actions[index & 1023]) != nil { found += 1 }
    return found
  }
}

@inline(never)
func handExtract(_ action: PeerAction) -> Int? {
  if case .child(let value) = action { return value }
  return nil
}
