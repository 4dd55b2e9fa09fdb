import Foundation

// MARK: - Removing elements

extension IdentifiedArray {
  /// Removes the element with the same id as `element`, if any.
  ///
  /// - Parameter element: An element whose id names the one to remove.
  /// - Returns: The removed element, or `nil` when no element has that id.
  /// - Complexity: O(*n*): the elements after it shift.
  @discardableResult
  public mutating func remove(_ element: Element) -> Element? {
    remove(id: id(of: element))
  }

  /// Removes the elements at the given positions, as `List`'s `onDelete` reports them.
  ///
  /// - Parameter offsets: Valid positions.
  /// - Complexity: O(*n*).
  public mutating func remove(atOffsets offsets: IndexSet) {
    guard !offsets.isEmpty else { return }
    for range in offsets.rangeView.reversed() {
      storage.removeSubrange(range)
    }
    rebuildIndex()
  }

  /// Removes the elements in `bounds`.
  ///
  /// - Parameter bounds: A range of valid positions.
  /// - Complexity: O(*n*).
  public mutating func removeSubrange(_ bounds: some RangeExpression<Int>) {
    storage.removeSubrange(bounds)
    rebuildIndex()
  }

  /// Removes and returns the first element.
  ///
  /// - Precondition: The array is not empty.
  /// - Returns: The removed element.
  /// - Complexity: O(*n*).
  @discardableResult
  public mutating func removeFirst() -> Element {
    remove(at: startIndex)
  }

  /// Removes the first `k` elements.
  ///
  /// - Parameter k: How many; at most ``count``.
  /// - Complexity: O(*n*).
  public mutating func removeFirst(_ k: Int) {
    removeSubrange(0..<k)
  }

  /// Removes and returns the last element.
  ///
  /// - Precondition: The array is not empty.
  /// - Returns: The removed element.
  /// - Complexity: O(1) on average.
  @discardableResult
  public mutating func removeLast() -> Element {
    remove(at: endIndex - 1)
  }

  /// Removes the last `k` elements.
  ///
  /// - Parameter k: How many; at most ``count``.
  /// - Complexity: O(*k*) on average.
  public mutating func removeLast(_ k: Int) {
    for _ in 0..<k { removeLast() }
  }
}

// MARK: - Replacing and reordering

extension IdentifiedArray {
  /// Replaces the element with the same id in place, or inserts `element` at `index` when its id
  /// is new.
  ///
  /// - Parameters:
  ///   - element: The new element.
  ///   - index: Where to insert a new element, from `0` through ``endIndex``.
  /// - Returns: The element replaced (`nil` when `element` was inserted) and the position of
  ///   `element`.
  /// - Complexity: O(1) on average when replacing; O(*n*) when inserting.
  @discardableResult
  public mutating func updateOrInsert(_ element: Element, at index: Int) -> (originalMember: Element?, index: Int) {
    if let offset = offsetByID[id(of: element)] {
      let original = storage[offset]
      storage[offset] = element
      return (original, offset)
    }
    insert(element, at: index)
    return (nil, index)
  }

  /// Replaces the element at `index` with `element`, which must have the same id.
  ///
  /// - Parameters:
  ///   - element: The new element.
  ///   - index: A valid position.
  /// - Returns: The element replaced.
  /// - Precondition: `element` has the id of the element at `index`; a different id would break
  ///   the array's index, so it stops the program, like an out-of-bounds position.
  /// - Complexity: O(1).
  @discardableResult
  public mutating func update(_ element: Element, at index: Int) -> Element {
    precondition(
      id(of: element) == orderedIDs[index],
      "IdentifiedArray.update(_:at:): the element's id \(id(of: element)) differs from the id \(orderedIDs[index]) at \(index)."
    )
    let original = storage[index]
    storage[index] = element
    return original
  }

  /// Reverses the order of the elements.
  ///
  /// - Complexity: O(*n*).
  public mutating func reverse() {
    storage.reverse()
    rebuildIndex()
  }

  /// Puts the elements in a random order.
  ///
  /// - Complexity: O(*n*).
  public mutating func shuffle() {
    var generator = SystemRandomNumberGenerator()
    shuffle(using: &generator)
  }

  /// Puts the elements in a random order drawn from `generator`.
  ///
  /// - Parameter generator: The source of randomness; a seeded one gives a repeatable order.
  /// - Complexity: O(*n*).
  public mutating func shuffle(using generator: inout some RandomNumberGenerator) {
    storage.shuffle(using: &generator)
    rebuildIndex()
  }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an identified array from elements whose ids the caller guarantees are unique,
  /// without checking them: the fastest way to build one from data that is unique by
  /// construction (database rows keyed by their primary key).
  ///
  /// - Parameter elements: The elements, in order; their ids must be unique.
  /// - Precondition: No two elements share an id. A duplicate stops the program rather than
  ///   leave an array whose index lies.
  /// - Complexity: O(*n*).
  @inlinable
  public init(uncheckedUniqueElements elements: some Sequence<Element>) {
    self.init()
    storage = Array(elements)
    rebuildIndex()
    precondition(
      offsetByID.count == storage.count,
      "IdentifiedArray(uncheckedUniqueElements:): the elements' ids are not unique."
    )
  }
}
