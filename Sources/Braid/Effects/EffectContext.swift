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
