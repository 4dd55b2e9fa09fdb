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
