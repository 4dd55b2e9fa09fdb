import Braid
import Synchronization
import Testing

/// `subscript(id:)` moves an element out of the array while the caller mutates it and leaves a
/// hole in its place; these tests count the elements' objects to prove that no write path leaks
/// one or releases one twice.
struct IdentifiedArrayLifetimeTests {
  /// Counts the `Token`s alive.
  final class Census: Sendable {
    let alive = Atomic(0)
  }

  final class Token: Sendable {
    let census: Census
    init(_ census: Census) {
      self.census = census
      census.alive.add(1, ordering: .relaxed)
    }
    deinit { census.alive.subtract(1, ordering: .relaxed) }
  }

  struct Item: Identifiable {
    let id: Int
    var token: Token
    var log: [Int] = []
  }

  struct Refusal: Error {}

  static func items(_ ids: [Int], _ census: Census) -> IdentifiedArrayOf<Item> {
    IdentifiedArray(uniqueElements: ids.map { Item(id: $0, token: Token(census)) })
  }

  @Test(arguments: [0, 1, 2, 3])
  func mutatingInPlaceKeepsEveryElementOnce(offset: Int) {
    let census = Census()
    do {
      var items = Self.items([10, 11, 12, 13], census)
      let id = items[offset].id
      items[id: id]?.log.append(1)
      items[id: id]?.token = Token(census)
      #expect(items.ids == [10, 11, 12, 13])
      #expect(items[id: id]?.log == [1])
      #expect(census.alive.load(ordering: .relaxed) == 4)
    }
    #expect(census.alive.load(ordering: .relaxed) == 0)
  }

  @Test(arguments: [0, 1, 2, 3])
  func removingByIDReleasesExactlyThatElement(offset: Int) {
    let census = Census()
    do {
      var items = Self.items([10, 11, 12, 13], census)
      let id = items[offset].id
      items[id: id] = nil
      var expected = [10, 11, 12, 13]
      expected.remove(at: offset)
      #expect(Array(items.ids) == expected)
      #expect(items.map(\.id) == expected)
      for (position, id) in expected.enumerated() {
        #expect(items.index(id: id) == position)
      }
      #expect(census.alive.load(ordering: .relaxed) == 3)
    }
    #expect(census.alive.load(ordering: .relaxed) == 0)
  }

  @Test func removingTheOnlyElementEmptiesTheArray() {
    let census = Census()
    var items = Self.items([7], census)
    items[id: 7] = nil
    #expect(items.isEmpty)
    #expect(census.alive.load(ordering: .relaxed) == 0)
  }

  @Test(arguments: [0, 2])
  func aMutationThatThrowsPutsTheElementBack(offset: Int) {
    let census = Census()
    do {
      var items = Self.items([10, 11, 12], census)
      let id = items[offset].id
      func refuse(_ item: inout Item?) throws {
        item?.log.append(5)
        throw Refusal()
      }
      #expect(throws: Refusal.self) { try refuse(&items[id: id]) }
      #expect(items.ids == [10, 11, 12])
      #expect(items[id: id]?.log == [5])
      #expect(census.alive.load(ordering: .relaxed) == 3)
    }
    #expect(census.alive.load(ordering: .relaxed) == 0)
  }

  @Test func writingThroughACopyLeavesTheOriginalWhole() {
    let census = Census()
    let original = Self.items([1, 2, 3], census)
    var copy = original
    copy[id: 2]?.log.append(9)
    copy[id: 1] = nil
    #expect(original.map(\.log) == [[], [], []])
    #expect(original.ids == [1, 2, 3])
    #expect(copy.ids == [2, 3])
    #expect(copy[id: 2]?.log == [9])
    #expect(census.alive.load(ordering: .relaxed) == 3)
  }
}
