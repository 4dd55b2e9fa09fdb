import Braid
import Foundation
import Testing

/// The elements the IdentifiedArray suites store; the suites are nested here so these names
/// stay out of the test module's file scope.
enum IdentifiedArrayFixtures {
  /// An identifiable element of the IdentifiedArray suites.
  struct Todo: Identifiable, Hashable, Codable, Sendable {
    let id: Int
    var title: String
    var isDone = false
  }

  /// A reference whose uniqueness tells whether the element holding it was copied.
  final class Payload: Sendable {}

  struct Row: Identifiable {
    let id: String
    var payload = Payload()
    var isUniquelyReferenced: Bool?

    mutating func recordUniqueness() {
      isUniquelyReferenced = isKnownUniquelyReferenced(&payload)
    }
  }

  /// Todos with `ids`, titled `t1`, `t2`, ….
  static func makeTodos(_ ids: Int...) -> IdentifiedArrayOf<Todo> {
    IdentifiedArray(uniqueElements: ids.map { Todo(id: $0, title: "t\($0)") })
  }
}
