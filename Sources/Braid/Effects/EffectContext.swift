/// The context an effect is started in: the child-feature path its ids resolve against and the
/// cancellation keys its tasks register under.
@usableFromInline
struct EffectContext: Sendable {
  @usableFromInline var path: [AnyHashableSendable] = []
  @usableFromInline var keys: [CancellationKey] = []
  /// The cascade of the send that started the effect: its tasks join it.
  @usableFromInline var cascade: EffectCascade?

  @usableFromInline
  init(cascade: EffectCascade? = nil) {
    self.cascade = cascade
  }

  @usableFromInline
  func key(for id: AnyHashableSendable) -> CancellationKey {
    CancellationKey(path: path, id: id)
  }
}
