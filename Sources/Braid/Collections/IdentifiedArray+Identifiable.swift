/// An ``IdentifiedArray`` of `Identifiable` elements, keyed by their `id`.
///
/// ```swift
/// struct State { var rows: IdentifiedArrayOf<Row> = [] }
/// ```
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an empty identified array of `Identifiable` elements.
  ///
  /// ```swift
  /// var rows = IdentifiedArrayOf<Row>()
  /// ```
  @inlinable
  public init() {
    // A closure formed here, inlined into the caller's module, reads `id` directly; a key path
    // to a protocol requirement is a runtime lookup on every write by id (1,400 instructions
    // per `rows[id: x]!.count += 1`, against 200 for an array and a dictionary). The closure
    // captures nothing but the element's type, which is immutable, so it is safe to send; Swift
    // only refuses it because a generic metatype need not be `Sendable`.
    // (The cast is of a struct holding the closure: a closure passed to the generic
    // `unsafeBitCast` itself is wrapped in a reabstraction thunk.)
    let reader = IDReader<Element, ID> { $0.id }
    self.init(idSource: .closure(unsafeBitCast(reader, to: SendableIDReader<Element, ID>.self).read))
  }

  /// Creates an identified array from `Identifiable` elements whose ids are unique.
  ///
  /// Each duplicate id is reported as a runtime issue naming the id and both offsets, and only the
  /// first element with it is kept; use ``init(_:uniquingIDsWith:)`` to merge duplicates.
  ///
  /// - Parameters:
  ///   - elements: The elements, in the order the array keeps them.
  ///   - fileID: The file reported with a duplicate; defaults to the caller's.
  ///   - line: The line reported with a duplicate; defaults to the caller's.
  /// - Complexity: O(*n*).
  @inlinable
  public init(
    uniqueElements elements: some Sequence<Element>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.init()
    appendUniqueElements(elements, fileID: fileID, line: line)
  }

  /// Creates an identified array from `Identifiable` elements that may share ids, resolving each
  /// clash with `combine`.
  ///
  /// See ``init(_:id:uniquingIDsWith:)`` for the rules.
  ///
  /// ```swift
  /// let rows = IdentifiedArray(fetched) { kept, _ in kept }  // keep the first of each id
  /// ```
  ///
  /// - Parameters:
  ///   - elements: The elements, in order.
  ///   - combine: Returns the element to keep for an id seen twice. Its result must have that id.
  /// - Throws: Rethrows what `combine` throws.
  /// - Complexity: O(*n*).
  public init(
    _ elements: some Sequence<Element>,
    uniquingIDsWith combine: (_ kept: Element, _ new: Element) throws -> Element
  ) rethrows {
    self.init()
    try appendUniquing(elements, uniquingIDsWith: combine)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  /// Creates an identified array from an array literal of `Identifiable` elements.
  ///
  /// A duplicate id is reported as a runtime issue and only its first element is kept. An array
  /// literal has no source location to report, so the issue names the array's type and says
  /// so; ``init(uniqueElements:fileID:line:)`` reports the caller's line.
  ///
  /// - Parameter elements: The elements, in order.
  @inlinable
  public init(arrayLiteral elements: Element...) {
    self.init()
    appendUniqueElements(elements, fileID: #fileID, line: #line, fromLiteral: true)
  }
}

/// Reads an element's id; cast to ``SendableIDReader`` when it captures nothing mutable.
@usableFromInline
struct IDReader<Element, ID> {
  @usableFromInline let read: (Element) -> ID

  @inlinable
  init(_ read: @escaping (Element) -> ID) {
    self.read = read
  }
}

/// ``IDReader`` with the same layout and a `@Sendable` function.
@usableFromInline
struct SendableIDReader<Element, ID> {
  @usableFromInline let read: @Sendable (Element) -> ID
}
