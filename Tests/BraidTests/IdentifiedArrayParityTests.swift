import Braid
import Foundation
import Testing

extension IdentifiedArrayFixtures {
  /// The everyday APIs a swift-identified-collections user reaches for.
  struct IdentifiedArrayParityTests {
    @Test func removingByOffsetsElementAndEnds() {
      var todos = makeTodos(1, 2, 3, 4, 5, 6)
      todos.remove(atOffsets: IndexSet([0, 2, 3]))
      #expect(todos.ids == [2, 5, 6])
      #expect(todos.index(id: 6) == 2)
      #expect(todos.remove(Todo(id: 5, title: "other title")) == Todo(id: 5, title: "t5"))
      #expect(todos.remove(Todo(id: 9, title: "absent")) == nil)
      #expect(todos.removeFirst() == Todo(id: 2, title: "t2"))
      #expect(todos.removeLast() == Todo(id: 6, title: "t6"))
      #expect(todos.isEmpty)

      var more = makeTodos(1, 2, 3, 4, 5, 6)
      more.removeFirst(2)
      more.removeLast(2)
      #expect(more.ids == [3, 4])
      more.removeSubrange(0..<1)
      #expect(more.ids == [4])
      #expect(more.index(id: 4) == 0)
    }

    @Test func updateOrInsertReplacesInPlaceOrInsertsAtTheIndex() {
      var todos = makeTodos(1, 2, 3)
      let replaced = todos.updateOrInsert(Todo(id: 2, title: "new"), at: 0)
      #expect(replaced.originalMember == Todo(id: 2, title: "t2"))
      #expect(replaced.index == 1)
      let inserted = todos.updateOrInsert(Todo(id: 9, title: "nine"), at: 1)
      #expect(inserted.originalMember == nil)
      #expect(inserted.index == 1)
      #expect(todos.ids == [1, 9, 2, 3])
      #expect(todos[id: 2]?.title == "new")
    }

    @Test func updateAtAPositionKeepsTheID() {
      var todos = makeTodos(1, 2)
      #expect(todos.update(Todo(id: 2, title: "new"), at: 1) == Todo(id: 2, title: "t2"))
      #expect(todos[id: 2]?.title == "new")
    }

    @Test func updateAtAPositionWithAnotherIDStopsTheProgram() async {
      await #expect(processExitsWith: .failure) {
        var todos = makeTodos(1, 2)
        todos.update(Todo(id: 3, title: "x"), at: 0)
      }
    }

    @Test func reverseAndShuffleKeepTheIndexConsistent() {
      var todos = makeTodos(1, 2, 3, 4)
      todos.reverse()
      #expect(todos.ids == [4, 3, 2, 1])
      #expect(todos.index(id: 4) == 0)
      var generator = SeededRandomNumberGenerator(seed: 7)
      todos.shuffle(using: &generator)
      #expect(Set(todos.ids) == [1, 2, 3, 4])
      for (offset, todo) in todos.enumerated() {
        #expect(todos.index(id: todo.id) == offset)
      }
      var again = makeTodos(4, 3, 2, 1)
      var sameGenerator = SeededRandomNumberGenerator(seed: 7)
      again.shuffle(using: &sameGenerator)
      #expect(again.ids == todos.ids)
    }

    @Test func uncheckedUniqueElements() {
      let todos = IdentifiedArrayOf<Todo>(uncheckedUniqueElements: [Todo(id: 3, title: "a"), Todo(id: 1, title: "b")])
      #expect(todos.ids == [3, 1])
      #expect(todos[id: 1]?.title == "b")
    }

    @Test func idsLookUpInConstantTimeAndCompareInOrder() {
      let todos = makeTodos(5, 6, 7)
      let ids = todos.ids
      #expect(ids.contains(6))
      #expect(!ids.contains(8))
      #expect(ids.firstIndex(of: 7) == 2)
      #expect(ids == [5, 6, 7])
      #expect(ids != [7, 6, 5])
      #expect(Array(ids) == [5, 6, 7])
      #expect(ids.description == "[5, 6, 7]")
    }
  }
}
