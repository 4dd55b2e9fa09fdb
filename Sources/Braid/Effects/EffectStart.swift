/// What a deferred effect may reach of the store that starts it: the cancellation key an id
/// resolves to where it starts, and the store's throttle windows.
///
/// Operators that must decide in start order (``Effect/throttle(id:for:clock:latest:)``) build
/// their effect from it, on the main actor, as the store starts them; nothing else of the store
/// is in reach.
@usableFromInline
struct EffectStart: Sendable {
  @usableFromInline let context: EffectContext
  @usableFromInline let throttles: ThrottleWindows

  @usableFromInline
  init(context: EffectContext, throttles: ThrottleWindows) {
    self.context = context
    self.throttles = throttles
  }

  /// The key `id` resolves to in the child-feature instance the effect starts in.
  func key(for id: AnyHashableSendable) -> CancellationKey {
    context.key(for: id)
  }
}

extension Effect {
  /// An effect built when the store starts it, from what that start may reach.
  static func deferred(_ build: @escaping @MainActor @Sendable (EffectStart) -> Effect) -> Self {
    Self(operation: .deferred(build))
  }
}
