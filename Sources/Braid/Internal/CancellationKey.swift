/// Where a cancellation id lives: the id itself plus the path of child-feature instances
/// (``Reducer/ifLet(_:action:then:fileID:line:)`` children, ``Reducer/forEach(_:action:element:fileID:line:)``
/// elements) that the effect was started under.
///
/// Keys are looked up in the owning store's ``EffectRegistry``, so separate stores never share
/// them.
@usableFromInline
struct CancellationKey: Hashable, Sendable {
  @usableFromInline let path: [AnyHashableSendable]
  @usableFromInline let id: AnyHashableSendable

  @usableFromInline
  init(path: [AnyHashableSendable], id: AnyHashableSendable) {
    self.path = path
    self.id = id
  }
}

/// The context an effect is started in: the child-feature path its ids resolve against and the
/// cancellation keys its tasks register under.
@usableFromInline
struct EffectContext: Sendable {
  @usableFromInline var path: [AnyHashableSendable] = []
  @usableFromInline var keys: [CancellationKey] = []

  @usableFromInline
  init() {}

  @usableFromInline
  func key(for id: AnyHashableSendable) -> CancellationKey {
    CancellationKey(path: path, id: id)
  }
}
