import Braid
import Foundation
import Testing

private struct Todo: Identifiable, Hashable, Codable, Sendable {
  let id: Int
  var title: String
  var isDone = false
}

/// A reference whose uniqueness tells whether the element holding it was copied.
private final class Payload: Sendable {}

private struct Row: Identifiable {
  let id: String
  var payload = Payload()
  var isUniquelyReferenced: Bool?

  mutating func recordUniqueness() {
    isUniquelyReferenced = isKnownUniquelyReferenced(&payload)
  }
}

private func makeTodos(_ ids: Int...) -> IdentifiedArrayOf<Todo> {
  IdentifiedArray(uniqueElements: ids.map { Todo(id: $0, title: "t\($0)") })
}

struct IdentifiedArrayTests {
  // MARK: - Creating

  @Test func emptyInitialiserHasNoElements() {
    let todos = IdentifiedArrayOf<Todo>()
    #expect(todos.isEmpty)
    #expect(todos.count == 0)
    #expect(todos.ids == [])
  }

  @Test func arrayLiteralKeepsOrder() {
    let todos: IdentifiedArrayOf<Todo> = [Todo(id: 3, title: "c"), Todo(id: 1, title: "a")]
    #expect(todos.ids == [3, 1])
    #expect(todos.map(\.title) == ["c", "a"])
  }

  @Test func uniqueElementsWithKeyPathAndClosure() {
    let words = ["apple", "Banana", "cherry"]
    let byKeyPath = IdentifiedArray(uniqueElements: ["a", "bbb", "cc"], id: \.count)
    #expect(byKeyPath.ids == [1, 3, 2])
    #expect(byKeyPath[id: 3] == "bbb")
    let byClosure = IdentifiedArray(uniqueElements: words, id: { $0.lowercased() })
    #expect(byClosure.ids == ["apple", "banana", "cherry"])
    #expect(byClosure[id: "banana"] == "Banana")
    #expect(byClosure.index(id: "cherry") == 2)
  }

  @Test func uniqueElementsOfIdentifiable() {
    let todos = makeTodos(5, 7, 9)
    #expect(todos.ids == [5, 7, 9])
    #expect(todos.elements.map(\.id) == [5, 7, 9])
  }

  @Test func duplicateUniqueElementsAreReportedAndTheFirstKept() {
    let issues = Recorder<IssueReporting.Issue>()
    let todos = IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      IdentifiedArray(
        uniqueElements: [
          Todo(id: 1, title: "a"), Todo(id: 2, title: "b"), Todo(id: 1, title: "c"),
        ]
      )
    }
    #expect(todos.map(\.title) == ["a", "b"])
    #expect(
      issues.values.map(\.message) == [
        """
        IdentifiedArray received duplicate id 1 at offsets 0 and 2 of its unique elements; kept \
        the first. Use init(_:id:uniquingIDsWith:) to merge duplicates on purpose.
        """
      ]
    )
    #expect(issues.values.first?.fileID == "BraidTests/IdentifiedArrayTests.swift")
  }

  @Test func duplicateArrayLiteralIsReportedAndTheFirstKept() {
    let issues = Recorder<IssueReporting.Issue>()
    let todos: IdentifiedArrayOf<Todo> = IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      [Todo(id: 2, title: "a"), Todo(id: 2, title: "b")]
    }
    #expect(todos.map(\.title) == ["a"])
    #expect(issues.count == 1)
    #expect(issues.values.first?.message.contains("duplicate id 2 at offsets 0 and 1") == true)
  }

  @Test func uniqueElementsWithoutDuplicatesReportNothing() {
    let issues = Recorder<IssueReporting.Issue>()
    let numbers = IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      IdentifiedArray(uniqueElements: 0..<100, id: { $0 })
    }
    #expect(numbers.count == 100)
    #expect(issues.count == 0)
  }

  @Test func uniquingIDsResolvesDuplicatesAtFirstPosition() {
    let input = [Todo(id: 1, title: "a"), Todo(id: 2, title: "b"), Todo(id: 1, title: "c")]
    let keepFirst = IdentifiedArray(input) { kept, _ in kept }
    #expect(keepFirst.map(\.title) == ["a", "b"])
    let keepLast = IdentifiedArray(input) { _, new in new }
    #expect(keepLast.map(\.title) == ["c", "b"])
    #expect(keepLast.ids == [1, 2])
  }

  // MARK: - Reading and writing

  @Test func positionalAccessReadsAndWritesInOrder() {
    var todos = makeTodos(1, 2, 3)
    #expect(todos[1].id == 2)
    todos[1].title = "renamed"
    todos[2] = Todo(id: 3, title: "replaced")
    #expect(todos.map(\.title) == ["t1", "renamed", "replaced"])
    #expect(todos[id: 2]?.title == "renamed")
    #expect(Array(todos.indices) == [0, 1, 2])
    #expect(todos.last?.id == 3)
    #expect(todos.reversed().map(\.id) == [3, 2, 1])
  }

  @Test func positionalWriteChangingIDStopsTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a")]
      todos[0] = Todo(id: 2, title: "b")
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("changed its id from 1 to 2"))
  }

  @Test func subscriptByIDReadsAndReplaces() {
    var todos = makeTodos(1, 2, 3)
    #expect(todos[id: 2]?.title == "t2")
    #expect(todos[id: 4] == nil)
    todos[id: 2] = Todo(id: 2, title: "new")
    #expect(todos.map(\.title) == ["t1", "new", "t3"])
    #expect(todos.ids == [1, 2, 3])
  }

  @Test func subscriptByIDSettingNilRemovesAndReindexes() {
    var todos = makeTodos(1, 2, 3, 4)
    todos[id: 2] = nil
    #expect(todos.ids == [1, 3, 4])
    #expect(todos.map(\.id) == [1, 3, 4])
    #expect(todos.index(id: 3) == 1)
    #expect(todos.index(id: 4) == 2)
    #expect(todos.index(id: 2) == nil)
    todos[id: 4] = nil
    #expect(todos.ids == [1, 3])
    todos[id: 9] = nil
    #expect(todos.ids == [1, 3])
  }

  @Test func subscriptByIDSettingNewIDAppends() {
    var todos = makeTodos(1)
    todos[id: 5] = Todo(id: 5, title: "five")
    #expect(todos.ids == [1, 5])
    #expect(todos.index(id: 5) == 1)
  }

  @Test func subscriptByIDWithMismatchedIDStopsTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a")]
      todos[id: 1] = Todo(id: 2, title: "b")
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("wrote an element with id 2 through subscript(id: 1)"))
  }

  @Test func subscriptByIDMutatesInPlaceWithoutCopying() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: "a"), Row(id: "b"), Row(id: "c")]
    for id in ["a", "b", "c"] {
      rows[id: id]?.recordUniqueness()
      #expect(rows[id: id]?.isUniquelyReferenced == true)
    }
    #expect(rows.ids == ["a", "b", "c"])
    #expect(rows.index(id: "b") == 1)
    rows[0].recordUniqueness()
    #expect(rows[0].isUniquelyReferenced == true)
  }

  @Test func subscriptByIDOptionalChainingOnMissingIDDoesNothing() {
    var todos = makeTodos(1, 2)
    todos[id: 3]?.title = "ghost"
    #expect(todos.ids == [1, 2])
    todos[id: 1]?.isDone = true
    #expect(todos[0].isDone)
  }

  @Test func copiesAreIndependent() {
    let original = makeTodos(1, 2)
    var copy = original
    copy[id: 1]?.title = "changed"
    copy[id: 2] = nil
    #expect(original.map(\.title) == ["t1", "t2"])
    #expect(copy.map(\.title) == ["changed"])
  }

  // MARK: - Adding and removing

  @Test func appendReportsInsertionAndKeepsExisting() {
    var todos = makeTodos(1, 2)
    let appended = todos.append(Todo(id: 3, title: "c"))
    #expect(appended.inserted && appended.index == 2)
    let duplicate = todos.append(Todo(id: 1, title: "other"))
    #expect(!duplicate.inserted && duplicate.index == 0)
    #expect(todos[id: 1]?.title == "t1")
    todos.append(contentsOf: [Todo(id: 4, title: "d"), Todo(id: 2, title: "x")])
    #expect(todos.ids == [1, 2, 3, 4])
  }

  @Test func insertShiftsLaterElements() {
    var todos = makeTodos(1, 2, 3)
    let result = todos.insert(Todo(id: 9, title: "nine"), at: 1)
    #expect(result.inserted && result.index == 1)
    #expect(todos.ids == [1, 9, 2, 3])
    #expect(todos.index(id: 3) == 3)
    let duplicate = todos.insert(Todo(id: 3, title: "again"), at: 0)
    #expect(!duplicate.inserted && duplicate.index == 3)
    #expect(todos.ids == [1, 9, 2, 3])
  }

  @Test func updateOrAppendReturnsReplacedElement() {
    var todos = makeTodos(1, 2)
    #expect(todos.updateOrAppend(Todo(id: 2, title: "new"))?.title == "t2")
    #expect(todos.updateOrAppend(Todo(id: 3, title: "three")) == nil)
    #expect(todos.map(\.title) == ["t1", "new", "three"])
  }

  @Test func removeByIDAndPosition() {
    var todos = makeTodos(1, 2, 3, 4)
    #expect(todos.remove(id: 2)?.id == 2)
    #expect(todos.remove(id: 2) == nil)
    #expect(todos.remove(at: 0).id == 1)
    #expect(todos.ids == [3, 4])
    #expect(todos.index(id: 3) == 0 && todos.index(id: 4) == 1)
  }

  @Test func removeAllWhereKeepsOrderAndIndex() {
    var todos = makeTodos(1, 2, 3, 4, 5, 6)
    todos.removeAll { $0.id.isMultiple(of: 2) }
    #expect(todos.ids == [1, 3, 5])
    #expect(todos.index(id: 5) == 2)
    #expect(!todos.contains(id: 2))
    todos.removeAll()
    #expect(todos.isEmpty && todos[id: 1] == nil)
  }

  // MARK: - Reordering

  @Test func moveFollowsListOnMoveConvention() {
    var todos = makeTodos(0, 1, 2, 3)
    todos.move(fromOffsets: [0, 2], toOffset: 4)
    #expect(todos.ids == [1, 3, 0, 2])
    todos.move(fromOffsets: [3], toOffset: 0)
    #expect(todos.ids == [2, 1, 3, 0])
    #expect(todos.index(id: 0) == 3)
  }

  @Test func sortAndSwapKeepIndexConsistent() {
    var todos = makeTodos(3, 1, 2)
    todos.sort { $0.id < $1.id }
    #expect(todos.ids == [1, 2, 3])
    #expect(todos.index(id: 3) == 2)
    todos.swapAt(0, 2)
    #expect(todos.ids == [3, 2, 1])
    #expect(todos.index(id: 1) == 2 && todos.index(id: 3) == 0)
    var numbers = IdentifiedArray(uniqueElements: [3, 1, 2], id: \.self)
    numbers.sort()
    #expect(numbers.elements == [1, 2, 3] && numbers.index(id: 3) == 2)
  }

  @Test func filterReturnsIdentifiedArray() {
    let todos = makeTodos(1, 2, 3, 4)
    let odd: IdentifiedArrayOf<Todo> = todos.filter { $0.id % 2 == 1 }
    #expect(odd.ids == [1, 3])
    #expect(odd.index(id: 3) == 1)
    #expect(odd[id: 2] == nil)
    let inferred = todos.filter { $0.id > 2 }
    #expect(type(of: inferred) == IdentifiedArrayOf<Todo>.self)
    #expect(inferred.ids == [3, 4])
  }

  // MARK: - Conformances

  @Test func equalityAndHashingDependOnOrder() {
    let a = makeTodos(1, 2)
    #expect(a == makeTodos(1, 2))
    #expect(a != makeTodos(2, 1))
    var changed = a
    changed[id: 1]?.isDone = true
    #expect(a != changed)
    #expect(Set([a, makeTodos(1, 2), makeTodos(2, 1)]).count == 2)
  }

  @Test func codableRoundTripIsAPlainArray() throws {
    let todos = makeTodos(2, 1)
    let data = try JSONEncoder().encode(todos)
    let plain = try JSONDecoder().decode([Todo].self, from: data)
    #expect(plain == todos.elements)
    let decoded = try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: data)
    #expect(decoded == todos)
    #expect(decoded.index(id: 1) == 1)
  }

  @Test func decodingDuplicateIDsThrows() throws {
    let json = Data(
      """
      [{"id": 1, "title": "a", "isDone": false}, {"id": 2, "title": "b", "isDone": false},
       {"id": 1, "title": "c", "isDone": true}]
      """.utf8
    )
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: json)
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("Expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.codingPath.map(\.intValue) == [2])
    #expect(context.debugDescription.contains("Duplicate id 1 at offsets 0 and 2"))
  }

  @Test func descriptionsReadLikeAnArray() {
    let numbers = IdentifiedArray(uniqueElements: [1, 2], id: \.self)
    #expect(numbers.description == "[1, 2]")
    #expect(numbers.debugDescription == "IdentifiedArray([1, 2])")
  }

  @Test func sendableWhenElementsAre() async {
    let todos = makeTodos(1, 2)
    let count = await Task { todos.count }.value
    #expect(count == 2)
  }
}
