import Braid
import BraidTestSupport
import Foundation
import Testing

extension IdentifiedArrayFixtures {
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
      #expect(
        issues.values.map(\.message) == [
          """
          An array literal of IdentifiedArray<Int, Todo> has duplicate id 2 at offsets 0 and 1; kept \
          the first. Swift gives an array literal no source location, so this report points into \
          Braid: the literal is in the code that ran just before it (in a test, the test that \
          reported this). Write IdentifiedArray(uniqueElements: [...]) to have the report point at \
          its line.
          """
        ]
      )
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
  }
}
