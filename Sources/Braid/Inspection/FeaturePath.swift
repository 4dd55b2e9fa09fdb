/// The child feature an event concerns: the components a parent's `forEach`, `ifLet` or
/// `ifCaseLet` adds to identify one child instance, outermost first; empty for the store's root.
public struct FeaturePath: Sendable, Hashable, CustomStringConvertible {
  /// Each component as printed, outermost first.
  public let components: [String]

  /// The store's root feature.
  public static let root = FeaturePath([])

  @inlinable
  init(_ path: [AnyHashableSendable]) {
    components = path.isEmpty ? [] : path.map { "\($0)" }
  }

  /// Whether this is the root feature.
  public var isRoot: Bool { components.isEmpty }

  /// The components joined by `/`, or `root`.
  public var description: String {
    isRoot ? "root" : components.joined(separator: "/")
  }
}
