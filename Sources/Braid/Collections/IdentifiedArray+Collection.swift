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
      defer { checkID(at: position, expected: expectedID) }
      yield &storage[position]
    }
  }

  /// Stops the program when the element at `position` no longer has the id `expectedID`.
  @inlinable
  func checkID(at position: Int, expected expectedID: ID) {
    // Read in place: copying the element and the id source out of the array after it was
    // mutated cost two retains and two releases.
    let newID = storage.withUnsafeBufferPointer { id(of: $0[position]) }
    if newID != expectedID { Self.idChanged(at: position, from: expectedID, to: newID) }
  }

  /// Stops the program: writing the element at `position` changed its id.
  @usableFromInline
  @inline(never)
  static func idChanged(at position: Int, from expectedID: ID, to newID: ID) -> Never {
    // `fatalError` rather than `precondition`: the message must survive release builds.
    fatalError(
      """
      IdentifiedArray: writing the element at position \(position) changed its id from \
      \(expectedID) to \(newID); ids of stored elements cannot change.
      """
    )
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
      let offset = offsetByID[id]
      var element: Element? = if let offset { moveOut(at: offset) } else { nil }
      defer {
        if let offset {
          moveBack(element, to: offset, id: id)
        } else {
          appendIfWritten(element, id: id)
        }
      }
      yield &element
    }
  }

  // Performance: `subscript(id:)`'s accessor yields once and stays small so that callers inline
  // it. A coroutine that is not inlined allocates its frame on the heap.

  /// Moves the element at `offset` out of `storage`, so that the caller holds the only reference
  /// to it and mutates it without a copy (of the element, or of the collections inside it).
  ///
  /// The last element is popped. Any other leaves its slot uninitialised until
  /// ``moveBack(_:to:id:)`` refills it: nothing else can read `storage` in between, because the
  /// caller holds exclusive access to the array while it mutates the element, and
  /// `withUnsafeMutableBufferPointer` gave this array a buffer of its own first. Swapping the
  /// element to the end and popping it, as `OrderedDictionary` does, cost 442 instructions per
  /// `rows[id: id]!.count += 1` against 338 (callgrind, 10,000 rows).
  @inlinable
  mutating func moveOut(at offset: Int) -> Element {
    if offset == storage.count - 1 { return storage.removeLast() }
    return storage.withUnsafeMutableBufferPointer { $0.moveElement(from: offset) }
  }

  /// Undoes ``moveOut(at:)`` with the element the caller left: puts it back at `offset`, or
  /// removes the position when the caller wrote `nil`.
  @inlinable
  mutating func moveBack(_ element: Element?, to offset: Int, id: ID) {
    // `moveOut` popped the element when `storage` is one short, and left a hole otherwise.
    let popped = storage.count < orderedIDs.count
    guard let element else { return removeMovedOut(at: offset, id: id, popped: popped) }
    checkID(of: element, writtenFor: id)
    if popped {
      storage.append(element)
    } else {
      storage.withUnsafeMutableBufferPointer { $0.initializeElement(at: offset, to: element) }
    }
  }

  /// Removes the position ``moveOut(at:)`` took an element from, after the caller set it to
  /// `nil`.
  @usableFromInline
  mutating func removeMovedOut(at offset: Int, id: ID, popped: Bool) {
    if !popped {
      // Fill the hole with a copy of the last element, which is not the hole (the last element
      // is popped), then remove the copy: the elements after it shift down.
      storage.withUnsafeMutableBufferPointer { buffer in
        buffer.initializeElement(at: offset, to: buffer[buffer.count - 1])
      }
      storage.remove(at: offset)
    }
    orderedIDs.remove(at: offset)
    offsetByID[id] = nil
    reindex(from: offset)
  }

  /// Appends the element a caller wrote for an `id` that was not present, if it wrote one.
  @usableFromInline
  mutating func appendIfWritten(_ element: Element?, id: ID) {
    guard let element else { return }
    checkID(of: element, writtenFor: id)
    appendUnchecked(element, id: id)
  }

  @inlinable
  func checkID(of element: Element, writtenFor expectedID: ID) {
    let newID = id(of: element)
    if newID != expectedID { Self.idMismatch(newID, writtenFor: expectedID) }
  }

  /// Stops the program: an element with id `newID` was written for `expectedID`.
  @usableFromInline
  @inline(never)
  static func idMismatch(_ newID: ID, writtenFor expectedID: ID) -> Never {
    fatalError(
      """
      IdentifiedArray: wrote an element with id \(newID) through subscript(id: \(expectedID)); \
      the ids must match.
      """
    )
  }
}
