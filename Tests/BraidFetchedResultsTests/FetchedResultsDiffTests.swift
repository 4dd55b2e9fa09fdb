import Braid
import BraidFetchedResults
import Testing

struct Item: Identifiable, Equatable, Sendable, CustomStringConvertible {
  var id: Int
  var value: Int = 0
  var section = "A"
  var description: String { "\(section)\(id)·\(value)" }
}

/// The differ against hand-worked cases, then random edits: the changes applied to the old
/// snapshot must give the new one, with as few moves as possible.
struct FetchedResultsDiffTests {
  typealias Snapshot = FetchedResultsSnapshot<Item>
  typealias Path = FetchedIndexPath

  static func snapshot(_ ids: [Int]) -> Snapshot { Snapshot(ids.map { Item(id: $0) }) }

  @Test func insertsDeletesAndUpdatesUseTheirIndexPaths() {
    let old = Snapshot([Item(id: 1), Item(id: 2), Item(id: 3)])
    let new = Snapshot([Item(id: 1, value: 9), Item(id: 3), Item(id: 4)])
    let changes = FetchedResultsChanges(from: old, to: new)
    #expect(changes.deletes == [Path(section: 0, item: 1)])
    #expect(changes.inserts == [Path(section: 0, item: 2)])
    #expect(changes.updates == [Path(section: 0, item: 0)])
    #expect(changes.moves.isEmpty)
    #expect(old.applying(changes, from: new) == new)
  }

  @Test func aMoveIsReportedOnceAndOthersStay() {
    // 5 jumps to the front: one move, not four.
    let changes = FetchedResultsChanges(from: Self.snapshot([1, 2, 3, 4, 5]), to: Self.snapshot([5, 1, 2, 3, 4]))
    #expect(changes.moves == [.init(from: Path(section: 0, item: 4), to: Path(section: 0, item: 0))])
    #expect(changes.count == 1)
  }

  @Test func noChangeIsEmpty() {
    let snapshot = Self.snapshot([1, 2, 3])
    #expect(FetchedResultsChanges(from: snapshot, to: snapshot).isEmpty)
    #expect(FetchedResultsChanges(from: .empty, to: Snapshot.empty).isEmpty)
  }

  @Test func sectionsAppearAndGoAndElementsMoveBetweenThem() {
    let old = Snapshot([Item(id: 1, section: "A"), Item(id: 2, section: "B")], sectionedBy: \.section)
    let new = Snapshot([Item(id: 2, section: "B"), Item(id: 1, section: "C")], sectionedBy: \.section)
    let changes = FetchedResultsChanges(from: old, to: new)
    #expect(changes.deletedSections == [0])
    #expect(changes.insertedSections == [1])
    #expect(changes.moves == [.init(from: Path(section: 0, item: 0), to: Path(section: 1, item: 0))])
    #expect(old.applying(changes, from: new) == new)
  }

  @Test func longestIncreasingSubsequenceIsLongest() {
    var generator = SeededRandomNumberGenerator(seed: 7)
    for _ in 0..<200 {
      let values = (0..<Int.random(in: 0...40, using: &generator)).map { _ in Int.random(in: 0..<30, using: &generator)
      }
      let unique = Array(Set(values)).shuffled(using: &generator)
      let new = Snapshot(unique.sorted().map { Item(id: $0) })
      let old = Snapshot(unique.map { Item(id: $0) })
      let changes = FetchedResultsChanges(from: old, to: new)
      // Brute force: the longest increasing run of the old order, by dynamic programming.
      var best = [Int](repeating: 1, count: unique.count)
      for index in unique.indices {
        for earlier in 0..<index where unique[earlier] < unique[index] {
          best[index] = max(best[index], best[earlier] + 1)
        }
      }
      #expect(changes.moves.count == unique.count - (best.max() ?? 0))
      #expect(old.applying(changes, from: new) == new)
    }
  }

  @Test(arguments: [false, true])
  func randomEditsApplyBackToTheNewSnapshot(sectioned: Bool) {
    var generator = SeededRandomNumberGenerator(seed: sectioned ? 11 : 10)
    let names = ["A", "B", "C", "D", "E"]
    var nextID = 1_000
    for round in 0..<500 {
      var items = (0..<Int.random(in: 0...30, using: &generator)).map { index in
        Item(id: index, value: 0, section: names.randomElement(using: &generator)!)
      }
      if sectioned { items.sort { ($0.section, $0.id) < ($1.section, $1.id) } }
      let old = sectioned ? Snapshot(items, sectionedBy: \.section) : Snapshot(items)
      // Random edits: deletions, insertions, value changes, section changes and moves.
      for _ in 0..<Int.random(in: 0...10, using: &generator) {
        switch Int.random(in: 0..<5, using: &generator) {
        case 0 where !items.isEmpty: items.remove(at: Int.random(in: items.indices, using: &generator))
        case 1:
          nextID += 1
          let item = Item(id: nextID, value: 0, section: names.randomElement(using: &generator)!)
          items.insert(item, at: Int.random(in: 0...items.count, using: &generator))
        case 2 where !items.isEmpty: items[Int.random(in: items.indices, using: &generator)].value += 1
        case 3 where !items.isEmpty:
          items[Int.random(in: items.indices, using: &generator)].section = names.randomElement(using: &generator)!
        case 4 where !items.isEmpty:
          let item = items.remove(at: Int.random(in: items.indices, using: &generator))
          items.insert(item, at: Int.random(in: 0...items.count, using: &generator))
        default: break
        }
      }
      if sectioned { items.sort { ($0.section, $0.value, $0.id) < ($1.section, $1.value, $1.id) } }
      let new = sectioned ? Snapshot(items, sectionedBy: \.section) : Snapshot(items)
      let changes = FetchedResultsChanges(from: old, to: new)
      #expect(old.applying(changes, from: new) == new, "round \(round): \(old) → \(new): \(changes)")
      #expect(changes.isEmpty == (old == new), "round \(round)")
    }
  }
}
