/// The context an effect is started in: the child-feature path its ids resolve against and the
/// cancellation keys its tasks register under.
@usableFromInline
struct EffectContext: Sendable {
  @usableFromInline var path: [AnyHashableSendable] = []
  @usableFromInline var keys: [CancellationKey] = []
  /// The cascade of the send that started the effect: its tasks join it.
  @usableFromInline var cascade: SendCascade?
  /// The inspected number of the effect whose task starts this one, or 0 when a reducer or a
  /// hook returned it: what the inspection stream reports as the start's `parentEffect`.
  @usableFromInline var parentEffect = 0

  @usableFromInline
  init(cascade: SendCascade? = nil) {
    self.cascade = cascade
  }

  @usableFromInline
  func key(for id: AnyHashableSendable) -> CancellationKey {
    CancellationKey(path: path, id: id)
  }
}
