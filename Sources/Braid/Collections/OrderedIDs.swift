/// The ids of an ``IdentifiedArray``, in order, with the lookups of a set: `contains(_:)` and
/// `firstIndex(of:)` are O(1) on average.
///
/// ```swift
/// let open = state.todos.ids          // OrderedIDs<Todo.ID>
/// if open.contains(id) { … }          // no linear scan
/// ```
///
/// Reading ``IdentifiedArray/ids`` is O(1): the view shares the array's own storage.
public struct OrderedIDs<ID: Hashable>: RandomAccessCollection {
  @usableFromInline let elements: [ID]
  @usableFromInline let offsets: [ID: Int]

  @usableFromInline
  init(elements: [ID], offsets: [ID: Int]) {
    self.elements = elements
    self.offsets = offsets
  }

  /// The position of the first id.
  public var startIndex: Int { 0 }

  /// The position one past the last id.
  public var endIndex: Int { elements.count }

  /// The id at `position`.
  ///
  /// - Parameter position: A valid position.
  public subscript(position: Int) -> ID { elements[position] }

  /// Whether `id` is one of the ids.
  ///
  /// - Parameter id: The id to look for.
  /// - Complexity: O(1) on average.
  @inlinable
  public func contains(_ id: ID) -> Bool {
    offsets[id] != nil
  }

  /// The position of `id`, or `nil` when it is not one of the ids.
  ///
  /// - Parameter id: The id to look for.
  /// - Complexity: O(1) on average.
  @inlinable
  public func firstIndex(of id: ID) -> Int? {
    offsets[id]
  }
}

extension OrderedIDs: Equatable {
  /// Whether both hold the same ids in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension OrderedIDs: Hashable {
  /// Hashes the ids in order.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements)
  }
}

extension OrderedIDs: ExpressibleByArrayLiteral {
  /// Ids from a literal, such as `[1, 2, 3]`, to compare with an array's ids; a repeated id is
  /// kept once, at its first position.
  ///
  /// - Parameter ids: The ids, in order.
  public init(arrayLiteral ids: ID...) {
    var elements: [ID] = []
    var offsets: [ID: Int] = [:]
    for id in ids where offsets[id] == nil {
      offsets[id] = elements.count
      elements.append(id)
    }
    self.init(elements: elements, offsets: offsets)
  }
}

extension OrderedIDs: CustomStringConvertible {
  /// The ids as an array prints them.
  public var description: String { elements.description }
}

extension OrderedIDs: Sendable where ID: Sendable {}
