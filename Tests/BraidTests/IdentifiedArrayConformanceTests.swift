import Braid
import Foundation
import Testing

extension IdentifiedArrayFixtures {
  struct IdentifiedArrayConformanceTests {
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
}
