// MARK: - Adding elements

extension IdentifiedArray {
  /// Appends an element unless one with the same id is already present.
  ///
  /// An existing element is left untouched; use ``updateOrAppend(_:)`` to replace it.
  ///
  /// ```swift
  /// let (inserted, index) = rows.append(row)
  /// ```
  ///
  /// - Parameter element: The element to append.
  /// - Returns: Whether the element was appended, and the position of the element with its id.
  /// - Complexity: O(1) amortised, on average.
  @inlinable
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    let elementID = id(of: element)
    if let offset = offsetByID[elementID] {
      return (false, offset)
    }
    appendUnchecked(element, id: elementID)
    return (true, storage.count - 1)
  }

  /// Appends the elements whose ids are not yet present, in order.
  ///
  /// A later element whose id equals an earlier one in `newElements` is skipped too.
  ///
  /// - Parameter newElements: The elements to append.
  /// - Complexity: O(*m*) on average, where *m* is the number of new elements.
  public mutating func append(contentsOf newElements: some Sequence<Element>) {
    for element in newElements {
      append(element)
    }
  }

  /// Inserts an element at a position unless one with the same id is already present.
  ///
  /// An existing element is neither moved nor replaced.
  ///
  /// - Parameters:
  ///   - element: The element to insert.
  ///   - index: The position to insert at, from `0` through ``endIndex``.
  /// - Returns: Whether the element was inserted, and the position of the element with its id.
  /// - Complexity: O(*n*).
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    let elementID = id(of: element)
    if let offset = offsetByID[elementID] {
      return (false, offset)
    }
    storage.insert(element, at: index)
    orderedIDs.insert(elementID, at: index)
    reindex(from: index)
    return (true, index)
  }

  /// Replaces the element with the same id in place, or appends the element when its id is new.
  ///
  /// ```swift
  /// rows.updateOrAppend(freshRow)  // keeps the row's position if it was already listed
  /// ```
  ///
  /// - Parameter element: The new element.
  /// - Returns: The element that was replaced, or `nil` when `element` was appended.
  /// - Complexity: O(1) amortised, on average.
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    let elementID = id(of: element)
    guard let offset = offsetByID[elementID] else {
      appendUnchecked(element, id: elementID)
      return nil
    }
    let old = storage[offset]
    storage[offset] = element
    return old
  }
}

// MARK: - Removing elements

extension IdentifiedArray {
  /// Removes and returns the element with the given id, if there is one.
  ///
  /// - Parameter id: The id of the element to remove.
  /// - Returns: The removed element, or `nil` when no element has `id`.
  /// - Complexity: O(*n*): the elements after it shift.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let offset = offsetByID[id] else { return nil }
    return remove(at: offset)
  }

  /// Removes and returns the element at a position.
  ///
  /// - Parameter index: A valid position.
  /// - Returns: The removed element.
  /// - Complexity: O(*n*): the elements after it shift.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let element = storage.remove(at: index)
    let removedID = orderedIDs.remove(at: index)
    offsetByID[removedID] = nil
    reindex(from: index)
    return element
  }

  /// Removes the elements that satisfy a predicate, keeping the order of the others.
  ///
  /// - Parameter shouldBeRemoved: Returns `true` for elements to remove.
  /// - Throws: Rethrows what `shouldBeRemoved` throws; the array then holds an unspecified subset
  ///   of its elements in an unspecified order, still indexed correctly.
  /// - Complexity: O(*n*).
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    defer { rebuildIndex() }
    try storage.removeAll(where: shouldBeRemoved)
  }

  /// Removes every element.
  ///
  /// - Parameter keepCapacity: Whether to keep the allocated storage for reuse.
  /// - Complexity: O(*n*).
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    storage.removeAll(keepingCapacity: keepCapacity)
    orderedIDs.removeAll(keepingCapacity: keepCapacity)
    offsetByID.removeAll(keepingCapacity: keepCapacity)
  }
}

// MARK: - Reordering

extension IdentifiedArray {
  /// Moves the elements at the given offsets so that they sit just before the element that was at
  /// `destination`, keeping their relative order.
  ///
  /// This follows `List`'s `onMove` convention: `destination` is an offset in the array before the
  /// move, and may equal ``endIndex`` to move elements to the end. Any sequence of `Int`, including
  /// Foundation's `IndexSet`, can name the offsets.
  ///
  /// ```swift
  /// var letters: IdentifiedArrayOf<Letter> = [a, b, c, d]
  /// letters.move(fromOffsets: [0, 2], toOffset: 4)  // [b, d, a, c]
  /// ```
  ///
  /// - Parameters:
  ///   - source: Valid positions of the elements to move; duplicates are ignored.
  ///   - destination: A position from `0` through ``endIndex``.
  /// - Complexity: O(*n* log *n*) at worst, to sort `source`.
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    precondition(
      (0...storage.count).contains(destination),
      "IdentifiedArray.move(fromOffsets:toOffset:): destination \(destination) is out of bounds."
    )
    var isMoved = [Bool](repeating: false, count: storage.count)
    for offset in source {
      precondition(
        storage.indices.contains(offset),
        "IdentifiedArray.move(fromOffsets:toOffset:): offset \(offset) is out of bounds."
      )
      isMoved[offset] = true
    }
    var before: [Element] = []
    var moved: [Element] = []
    var after: [Element] = []
    for (offset, element) in storage.enumerated() {
      if isMoved[offset] {
        moved.append(element)
      } else if offset < destination {
        before.append(element)
      } else {
        after.append(element)
      }
    }
    storage = before + moved + after
    rebuildIndex()
  }

  /// Exchanges the elements at two positions.
  ///
  /// - Parameters:
  ///   - i: A valid position.
  ///   - j: A valid position.
  /// - Complexity: O(1).
  public mutating func swapAt(_ i: Int, _ j: Int) {
    storage.swapAt(i, j)
    orderedIDs.swapAt(i, j)
    offsetByID[orderedIDs[i]] = i
    offsetByID[orderedIDs[j]] = j
  }

  /// Sorts the elements in place using a predicate.
  ///
  /// - Parameter areInIncreasingOrder: A strict weak ordering of elements.
  /// - Throws: Rethrows what `areInIncreasingOrder` throws; the array then holds its elements in
  ///   an unspecified order, still indexed correctly.
  /// - Complexity: O(*n* log *n*).
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    defer { rebuildIndex() }
    try storage.sort(by: areInIncreasingOrder)
  }

  /// Returns a new identified array of the elements that satisfy a predicate, in order.
  ///
  /// ```swift
  /// let open = todos.filter { !$0.isDone }  // still an IdentifiedArray
  /// ```
  ///
  /// - Parameter isIncluded: Returns `true` for elements to keep.
  /// - Returns: The kept elements, looked up by the same ids.
  /// - Throws: Rethrows what `isIncluded` throws.
  /// - Complexity: O(*n*).
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var result = Self(idSource: idSource)
    for (offset, element) in storage.enumerated() where try isIncluded(element) {
      result.appendUnchecked(element, id: orderedIDs[offset])
    }
    return result
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the elements in ascending order.
  ///
  /// - Complexity: O(*n* log *n*).
  public mutating func sort() {
    sort(by: <)
  }
}
