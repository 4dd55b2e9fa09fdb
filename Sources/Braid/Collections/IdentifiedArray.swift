/// An ordered collection of elements with unique identifiers: an array you can also address by id.
///
/// Feature state often holds a list of child states — rows, tabs, downloads — and actions name the
/// child they concern by its id, not by its position, because positions shift while an effect is in
/// flight. `IdentifiedArray` keeps the order of an array and adds average O(1) access by id:
///
/// ```swift
/// struct Todo: Identifiable { let id: Int; var title: String; var isDone = false }
///
/// var todos: IdentifiedArrayOf<Todo> = [
///   Todo(id: 1, title: "Milk"),
///   Todo(id: 2, title: "Eggs"),
/// ]
/// todos[id: 2]?.isDone = true      // mutates the element in place
/// todos[id: 3] = Todo(id: 3, title: "Flour")  // appends
/// todos[id: 1] = nil               // removes
/// todos.ids                        // [2, 3]
/// ```
///
/// ## Uniqueness
///
/// No two elements share an id. Operations that could add a duplicate either leave the array
/// unchanged and say so (``append(_:)``, ``insert(_:at:)``) or replace the existing element
/// (``updateOrAppend(_:)``). The `init(uniqueElements:…)` initialisers and the array literal
/// promise unique ids; when the promise is broken they report a runtime issue naming the id and
/// keep the first element with it. Use ``init(_:id:uniquingIDsWith:)`` to merge duplicates on
/// purpose. Decoding throws a `DecodingError` for duplicates.
///
/// Writing an element whose id differs from the id it replaces — through the positional subscript
/// or ``subscript(id:)`` — cannot be honoured without losing an element, so it stops the program
/// with a message naming both ids, like an out-of-bounds index.
///
/// ## Performance
///
/// Elements live in an array alongside their ids and a dictionary from id to offset. Lookup by id,
/// ``index(id:)``, positional access and ``append(_:)`` are O(1) (average, amortised); mutating an
/// element through ``subscript(id:)`` is O(1) and does not copy it. Removing or inserting anywhere
/// but the end is O(*n*), because the offsets of the elements after it change.
public struct IdentifiedArray<ID: Hashable, Element> {
  // Performance: the storage and the hot paths (`subscript(id:)`, `index(id:)`, `contains(id:)`,
  // the positional subscript, `append(_:)`) are `@usableFromInline`/`@inlinable`, so that callers
  // in other modules get them specialised for their element type: unspecialised, a lookup by id
  // costs several times a plain `Dictionary`'s. braid-bench's "IdentifiedArray [id:] read" and
  // "[id:] write" rows guard it. Everything else stays non-inlinable until a benchmark asks for
  // it.

  /// How the array reads an element's id: every write by id reads it again, to check it.
  @usableFromInline
  enum IDSource: Sendable {
    /// A stored property at this byte offset: read directly (a runtime key-path read cost
    /// ~1,200 instructions per write).
    case offset(Int)
    case keyPath(KeyPath<Element, ID> & Sendable)
    case closure(@Sendable (Element) -> ID)

    /// The fastest way to read the id `keyPath` points to.
    @usableFromInline
    static func reading(_ keyPath: KeyPath<Element, ID> & Sendable) -> IDSource {
      MemoryLayout<Element>.offset(of: keyPath).map(IDSource.offset) ?? .keyPath(keyPath)
    }
  }

  /// The elements, in order.
  @usableFromInline
  var storage: [Element]
  /// `storage.map(id(of:))`, kept so that ``ids`` and checks on writes cost nothing extra.
  @usableFromInline
  var orderedIDs: [ID]
  /// The offset of every element in `storage`, by id.
  @usableFromInline
  var offsetByID: [ID: Int]
  @usableFromInline
  let idSource: IDSource

  @usableFromInline
  init(idSource: IDSource) {
    self.storage = []
    self.orderedIDs = []
    self.offsetByID = [:]
    self.idSource = idSource
  }

  @inlinable
  func id(of element: Element) -> ID {
    switch idSource {
    case .offset(let offset):
      withUnsafeBytes(of: element) { bytes in
        bytes.baseAddress.unsafelyUnwrapped.advanced(by: offset).assumingMemoryBound(to: ID.self).pointee
      }
    case .keyPath(let keyPath): element[keyPath: keyPath]
    case .closure(let id): id(element)
    }
  }

  /// Appends an element whose id is known not to be present.
  @inlinable
  mutating func appendUnchecked(_ element: Element, id: ID) {
    offsetByID[id] = storage.count
    storage.append(element)
    orderedIDs.append(id)
  }

  /// Recomputes `orderedIDs` and `offsetByID` from `storage`, which must hold unique ids.
  @usableFromInline
  mutating func rebuildIndex() {
    orderedIDs = storage.map(id(of:))
    offsetByID.removeAll(keepingCapacity: true)
    for (offset, id) in orderedIDs.enumerated() {
      offsetByID[id] = offset
    }
  }

  /// Refreshes the offsets of the elements at `start...` after they shifted.
  @inlinable
  mutating func reindex(from start: Int) {
    for offset in start..<orderedIDs.count {
      offsetByID[orderedIDs[offset]] = offset
    }
  }

  // MARK: - Creating an identified array

  /// Creates an identified array from elements whose ids, read through a key path, are unique.
  ///
  /// ```swift
  /// let users = IdentifiedArray(uniqueElements: loadedUsers, id: \.email)
  /// ```
  ///
  /// Each duplicate id is reported as a runtime issue naming the id and both offsets, and only the
  /// first element with it is kept; use ``init(_:id:uniquingIDsWith:)`` to merge duplicates.
  ///
  /// - Parameters:
  ///   - elements: The elements, in the order the array keeps them.
  ///   - id: A key path to each element's id.
  ///   - fileID: The file reported with a duplicate; defaults to the caller's.
  ///   - line: The line reported with a duplicate; defaults to the caller's.
  /// - Complexity: O(*n*).
  public init(
    uniqueElements elements: some Sequence<Element>,
    id: KeyPath<Element, ID> & Sendable,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.init(idSource: .reading(id))
    appendUniqueElements(elements, fileID: fileID, line: line)
  }

  /// Creates an identified array from elements whose ids, computed by a closure, are unique.
  ///
  /// ```swift
  /// let files = IdentifiedArray(uniqueElements: paths, id: { $0.lowercased() })
  /// ```
  ///
  /// Each duplicate id is reported as a runtime issue naming the id and both offsets, and only the
  /// first element with it is kept; use ``init(_:id:uniquingIDsWith:)`` to merge duplicates.
  ///
  /// - Parameters:
  ///   - elements: The elements, in the order the array keeps them.
  ///   - id: A pure function returning an element's id; it must return the same id for the same
  ///     element every time.
  ///   - fileID: The file reported with a duplicate; defaults to the caller's.
  ///   - line: The line reported with a duplicate; defaults to the caller's.
  /// - Complexity: O(*n*).
  public init(
    uniqueElements elements: some Sequence<Element>,
    id: @escaping @Sendable (Element) -> ID,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.init(idSource: .closure(id))
    appendUniqueElements(elements, fileID: fileID, line: line)
  }

  /// Creates an identified array from elements that may share ids, resolving each clash.
  ///
  /// When an element's id is already present, `combine` receives the element kept so far and the
  /// new one and returns the element to keep, which stays at the position of the first occurrence.
  ///
  /// ```swift
  /// // Keep the latest reading for each sensor, in order of first appearance.
  /// let latest = IdentifiedArray(readings, id: \.sensorID) { _, newer in newer }
  /// ```
  ///
  /// - Parameters:
  ///   - elements: The elements, in order.
  ///   - id: A key path to each element's id.
  ///   - combine: Returns the element to keep for an id seen twice. Its result must have that id.
  /// - Throws: Rethrows what `combine` throws.
  /// - Complexity: O(*n*).
  public init(
    _ elements: some Sequence<Element>,
    id: KeyPath<Element, ID> & Sendable,
    uniquingIDsWith combine: (_ kept: Element, _ new: Element) throws -> Element
  ) rethrows {
    self.init(idSource: .reading(id))
    try appendUniquing(elements, uniquingIDsWith: combine)
  }

  /// Appends `elements`, resolving each id already present with `combine`.
  @usableFromInline
  mutating func appendUniquing(
    _ elements: some Sequence<Element>,
    uniquingIDsWith combine: (_ kept: Element, _ new: Element) throws -> Element
  ) rethrows {
    for element in elements {
      let elementID = self.id(of: element)
      if let offset = offsetByID[elementID] {
        self[offset] = try combine(storage[offset], element)
      } else {
        appendUnchecked(element, id: elementID)
      }
    }
  }

  /// Appends elements promised to have unique ids, reporting and skipping each duplicate.
  @usableFromInline
  mutating func appendUniqueElements(
    _ elements: some Sequence<Element>,
    fileID: StaticString,
    line: UInt,
    fromLiteral: Bool = false
  ) {
    storage.reserveCapacity(elements.underestimatedCount)
    for (offset, element) in elements.enumerated() {
      let elementID = id(of: element)
      if let existing = offsetByID[elementID] {
        reportMisuse(
          fromLiteral
            ? """
            An array literal of \(Self.self) has duplicate id \(elementID) at offsets \(existing) \
            and \(offset); kept the first. Swift gives an array literal no source location, so this \
            report points into Braid: the literal is in the code that ran just before it (in a test, \
            the test that reported this). Write IdentifiedArray(uniqueElements: [...]) to have the \
            report point at its line.
            """
            : """
            IdentifiedArray received duplicate id \(elementID) at offsets \(existing) and \(offset) \
            of its unique elements; kept the first. Use init(_:id:uniquingIDsWith:) to merge \
            duplicates on purpose.
            """,
          fileID: fileID,
          line: line
        )
        continue
      }
      appendUnchecked(element, id: elementID)
    }
  }

  // MARK: - Reading by id

  /// The elements, in order.
  ///
  /// - Complexity: O(1).
  public var elements: [Element] { storage }

  /// The ids of the elements, in order, with O(1) `contains(_:)`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var ids: OrderedIDs<ID> { OrderedIDs(elements: orderedIDs, offsets: offsetByID) }

  /// Returns the position of the element with the given id, or `nil` when there is none.
  ///
  /// - Parameter id: The id to look for.
  /// - Complexity: O(1) on average.
  @inlinable
  public func index(id: ID) -> Int? {
    offsetByID[id]
  }

  /// Returns whether an element with the given id is present.
  ///
  /// - Parameter id: The id to look for.
  /// - Complexity: O(1) on average.
  @inlinable
  public func contains(id: ID) -> Bool {
    offsetByID[id] != nil
  }
}

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}
