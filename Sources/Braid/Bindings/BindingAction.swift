/// A change of one field of a feature's state, sent as an action: TCA's `BindingAction`.
///
/// ```swift
/// await store.send(.binding(.set(\.name, "Blob")))
/// ```
///
/// ``BindingReducer`` applies it. Two binding actions are equal when they set the same key path
/// to equal values, so `TestStore` can receive them.
public struct BindingAction<Root>: Sendable, CustomStringConvertible {
  /// The field the action sets.
  public let keyPath: PartialKeyPath<Root> & Sendable
  /// The value it sets.
  public let value: any Sendable
  @usableFromInline let apply: @Sendable (inout Root) -> Void
  let isEqual: @Sendable (any Sendable) -> Bool

  /// Sets the field at `keyPath` to `value`.
  ///
  /// - Parameters:
  ///   - keyPath: The field, a writable key path of the state.
  ///   - value: The new value.
  /// - Returns: The binding action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable,
    _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath,
      value: value,
      apply: { $0[keyPath: keyPath] = value },
      isEqual: { ($0 as? Value) == value }
    )
  }

  /// Sets the field this action sets on `root`.
  ///
  /// - Parameter root: The state to change.
  @inlinable
  public func set(_ root: inout Root) {
    apply(&root)
  }

  /// `set(\.field, value)`.
  public var description: String {
    "set(\(keyPath), \(value))"
  }
}

extension BindingAction: Equatable {
  /// Whether both set the same key path to equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.isEqual(rhs.value)
  }
}
