/// A stack of child features' states, each with a ``StackElementID``: TCA's `StackState`, for a
/// navigation path.
///
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// // Pushing a screen:
/// state.path.append(.detail(Detail.State()))
/// ```
///
/// The stack numbers its elements itself, in the order they are pushed (`#0`, `#1`…): a popped
/// element's number is never given again, so its effects' cancellation cannot reach a later
/// element. Two stacks are equal when they hold equal elements under the same ids.
public struct StackState<Element> {
  @usableFromInline var storage: [StackElementID: Element] = [:]
  /// The ids, bottom first.
  public private(set) var ids: [StackElementID] = []
  /// The number the next pushed element gets.
  @usableFromInline var nextID = 0

  /// An empty stack.
  public init() {}

  /// A stack of `elements`, bottom first, numbered from `#0`.
  ///
  /// - Parameter elements: The elements.
  public init<S: Sequence>(_ elements: S) where S.Element == Element {
    for element in elements { append(element) }
  }

  /// The element with `id`, or `nil` when it is not in the stack. Setting `nil` pops it alone;
  /// setting an element for an id not in the stack pushes it with that id.
  ///
  /// - Parameter id: The element's id.
  public subscript(id id: StackElementID) -> Element? {
    _read { yield storage[id] }
    _modify {
      var element = storage[id]
      yield &element
      switch (element, storage[id] != nil) {
      case (nil, true):
        storage[id] = nil
        ids.removeAll { $0 == id }
      case (let element?, true):
        storage[id] = element
      case (let element?, false):
        push(element, id: id)
      case (nil, false):
        break
      }
    }
  }

  /// Pushes `element` on top, under the next number.
  ///
  /// - Parameter element: The element's state.
  /// - Returns: Its id.
  @discardableResult
  public mutating func append(_ element: Element) -> StackElementID {
    let id = StackElementID(nextID)
    push(element, id: id)
    return id
  }

  /// Pushes `element` under `id`, which must not be in the stack. Later numbers start after it.
  @usableFromInline
  mutating func push(_ element: Element, id: StackElementID) {
    storage[id] = element
    ids.append(id)
    nextID = Swift.max(nextID, id.rawValue + 1)
  }

  /// Pops the element with `id` and every element above it.
  ///
  /// - Parameter id: The lowest element to pop.
  public mutating func pop(from id: StackElementID) {
    guard let index = ids.firstIndex(of: id) else { return }
    for popped in ids[index...] { storage[popped] = nil }
    ids.removeSubrange(index...)
  }

  /// Pops every element above the one with `id`.
  ///
  /// - Parameter id: The element that stays on top.
  public mutating func pop(to id: StackElementID) {
    guard let index = ids.firstIndex(of: id) else { return }
    for popped in ids[(index + 1)...] { storage[popped] = nil }
    ids.removeSubrange((index + 1)...)
  }

  /// Pops the top `k` elements.
  ///
  /// - Parameter k: How many to pop; at most the stack's count.
  public mutating func removeLast(_ k: Int = 1) {
    let k = Swift.min(k, ids.count)
    for popped in ids.suffix(k) { storage[popped] = nil }
    ids.removeLast(k)
  }

  /// Runs `body` on the element with `id` in place, or returns `nil` when it is not in the stack.
  @usableFromInline
  mutating func withElement<Result>(id: StackElementID, _ body: (inout Element) -> Result) -> Result? {
    guard storage[id] != nil else { return nil }
    return body(&storage[id]!)
  }
}

extension StackState: RandomAccessCollection, MutableCollection {
  /// The bottom element's position: `0`.
  public var startIndex: Int { 0 }
  /// The position past the top element.
  public var endIndex: Int { ids.count }

  /// The element at `position`, counted from the bottom.
  public subscript(position: Int) -> Element {
    get { storage[ids[position]]! }
    set { storage[ids[position]] = newValue }
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Whether both hold equal elements under the same ids, in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.storage == rhs.storage
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the ids and the elements, in order.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ids)
    for id in ids { hasher.combine(storage[id]) }
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomDumpReflectable {
  /// Dumps as the elements under their ids, bottom first.
  public var customDumpMirror: Mirror {
    // As a dictionary mirrors itself: unlabelled `(key:value:)` pairs, here in stack order.
    Mirror(
      self, children: ids.map { (label: String?.none, value: (key: $0, value: storage[$0]!) as Any) },
      displayStyle: .dictionary)
  }
}
