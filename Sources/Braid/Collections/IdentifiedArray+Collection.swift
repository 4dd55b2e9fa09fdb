// MARK: - Positions

extension IdentifiedArray: RandomAccessCollection {
  /// A position in the array: an `Int` offset, as for `Array`.
  public typealias Index = Int

  /// The position of the first element; always `0`.
  public var startIndex: Int { 0 }

  /// The position one past the last element; equal to ``count``.
  public var endIndex: Int { storage.count }

  /// The number of elements.
  ///
  /// - Complexity: O(1).
  public var count: Int { storage.count }

  /// Whether the array has no elements.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool { storage.isEmpty }

  /// Returns the position after `i`.
  ///
  /// - Parameter i: A valid position, less than ``endIndex``.
  public func index(after i: Int) -> Int { i + 1 }

  /// Returns the position before `i`.
  ///
  /// - Parameter i: A valid position, greater than ``startIndex``.
  public func index(before i: Int) -> Int { i - 1 }

  /// Accesses the element at a position.
  ///
  /// Reading works as for `Array`. Writing replaces or mutates the element in place but may not
  /// change its id: the id is what other parts of the program use to find it.
  ///
  /// ```swift
  /// rows[0].title = "Renamed"   // fine: same id
  /// rows[0] = otherRow          // stops the program unless otherRow.id == rows[0].id
  /// ```
  ///
  /// - Precondition: `position` is a valid index, and a written element keeps the id of the
  ///   element it replaces. Use ``subscript(id:)``, ``remove(at:)`` and ``insert(_:at:)`` to
  ///   replace an element by one with another id.
  /// - Parameter position: A valid position.
  /// - Complexity: O(1).
  @inlinable
  public subscript(position: Int) -> Element {
    get { storage[position] }
    _modify {
      let expectedID = orderedIDs[position]
      defer {
        // `fatalError` rather than `precondition`: the message must survive release builds.
        let newID = id(of: storage[position])
        if newID != expectedID {
          fatalError(
            """
            IdentifiedArray: writing the element at position \(position) changed its id from \
            \(expectedID) to \(newID); ids of stored elements cannot change.
            """
          )
        }
      }
      yield &storage[position]
    }
  }

  /// Calls `body` with a buffer over the elements, which are always stored contiguously.
  ///
  /// - Parameter body: A closure reading the elements through a buffer pointer that is valid only
  ///   for the duration of the call.
  /// - Returns: What `body` returns.
  /// - Throws: Rethrows what `body` throws.
  public func withContiguousStorageIfAvailable<Result>(
    _ body: (UnsafeBufferPointer<Element>) throws -> Result
  ) rethrows -> Result? {
    try storage.withContiguousStorageIfAvailable(body)
  }
}

// MARK: - Access by id

extension IdentifiedArray {
  /// Accesses the element with the given id: read it, mutate it in place, replace it, add it or
  /// remove it.
  ///
  /// - Reading returns `nil` when no element has `id`.
  /// - Writing `nil` removes the element (O(*n*): later elements shift).
  /// - Writing an element replaces the existing one in place, or appends it when `id` is new.
  /// - Mutating through optional chaining changes the stored element without copying it, so
  ///   nested collections inside elements are not copied either:
  ///
  /// ```swift
  /// state.rows[id: rowID]?.isSelected = true
  /// state.rows[id: rowID]?.children.append(child)  // no copy of `children`
  /// ```
  ///
  /// - Precondition: A written element has the id `id`.
  /// - Parameter id: The id of the element.
  /// - Complexity: O(1) on average to read, mutate, replace or append; O(*n*) to remove.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get {
      offsetByID[id].map { storage[$0] }
    }
    _modify {
      guard let offset = offsetByID[id] else {
        var newElement: Element? = nil
        defer {
          if let newElement {
            checkID(of: newElement, writtenFor: id)
            appendUnchecked(newElement, id: id)
          }
        }
        yield &newElement
        return
      }
      // Move the element out of `storage` so that the caller holds the only reference to it and
      // can mutate it without a copy: swap it to the end, then pop it.
      let lastOffset = storage.count - 1
      storage.swapAt(offset, lastOffset)
      var element: Element? = storage.removeLast()
      defer {
        if let element {
          checkID(of: element, writtenFor: id)
          storage.append(element)
          storage.swapAt(offset, lastOffset)
        } else {
          // The old last element sits at `offset`: move it back to the end, closing the gap.
          if offset != lastOffset {
            storage.append(storage.remove(at: offset))
          }
          orderedIDs.remove(at: offset)
          offsetByID[id] = nil
          reindex(from: offset)
        }
      }
      yield &element
    }
  }

  @inlinable
  func checkID(of element: Element, writtenFor expectedID: ID) {
    let newID = id(of: element)
    if newID != expectedID {
      fatalError(
        """
        IdentifiedArray: wrote an element with id \(newID) through subscript(id: \(expectedID)); \
        the ids must match.
        """
      )
    }
  }
}
