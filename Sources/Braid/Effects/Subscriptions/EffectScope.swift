/// Where an effect runs: its store and the child-feature instance (``Reducer/forEach(_:action:element:fileID:line:)``
/// element, ``Reducer/ifLet(_:action:then:fileID:line:)`` child) it was started in.
///
/// Cancellation ids resolve within a scope, and so do ``EffectResources``: a client command
/// addressed by id reaches the resource of the effect with that id in the same store and child
/// instance, never another row's or another store's.
public struct EffectScope: Hashable, Sendable {
  /// The store, by the identity of its effect registry (alive exactly as long as the store).
  let store: ObjectIdentifier
  /// The child-feature instances from the root to the effect.
  let path: [AnyHashableSendable]
  /// Where ``EffectResources`` reports what it does in this scope: the store's inspection, when
  /// it has an inspector. Not part of the scope's identity.
  let reporter: ResourceReporter?

  init(store: ObjectIdentifier, path: [AnyHashableSendable], reporter: ResourceReporter? = nil) {
    self.store = store
    self.path = path
    self.reporter = reporter
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.store == rhs.store && lhs.path == rhs.path
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(store)
    hasher.combine(path)
  }
}
