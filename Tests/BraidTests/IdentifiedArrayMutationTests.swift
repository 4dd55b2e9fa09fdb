import Braid
import Foundation
import Testing

extension IdentifiedArrayFixtures {
  struct IdentifiedArrayMutationTests {
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
  }
}
