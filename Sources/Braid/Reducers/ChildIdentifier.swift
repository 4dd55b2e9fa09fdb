/// Reads a child state's `id`, when its type is `Identifiable`, without a dynamic cast per read.
///
/// Whether `Child` is `Identifiable` is asked once, when the reducer is built. Asking on every
/// send (`child as? any Identifiable`) walked the runtime's conformance and metadata caches,
/// about 8,000 instructions of an `ifLet` child's send.
@usableFromInline
struct ChildIdentifier<Child>: @unchecked Sendable {
  // @unchecked: the closure only reads the `id` of the value it is given.

  /// The child's `id`, or `nil` when `Child` is not `Identifiable`.
  @usableFromInline let id: ((Child) -> AnyHashable)?

  @usableFromInline
  init() {
    guard let identifiable = Child.self as? any Identifiable.Type else {
      id = nil
      return
    }
    id = Self.reader(identifiable)
  }

  /// The `id` reader of `Child`, known to be `Identifiable` as `Type`.
  private static func reader<Type: Identifiable>(_: Type.Type) -> (Child) -> AnyHashable {
    // `Type` is `Child`: the cast reinterprets a value as its own type.
    { AnyHashable(unsafeBitCast($0, to: Type.self).id) }
  }

  /// Whether `child` is present, and which one.
  @inlinable
  func presence(of child: Child?) -> ChildPresence {
    guard let child else { return .absent }
    return .present(id?(child))
  }
}
