/// What a deferred effect may reach of the store that starts it: the cancellation key an id
/// resolves to where it starts, its scope (for ``EffectResources`` commands), and the store's
/// throttle windows.
///
/// Operators that must decide in start order (``Effect/throttle(id:for:clock:latest:)``) build
/// their effect from it, on the store's isolation, as the store starts them; nothing else of the store
/// is in reach.
@usableFromInline
struct DeferredEffectStart: Sendable {
  @usableFromInline let context: EffectContext
  @usableFromInline let throttles: ThrottleWindows
  /// The store and child-feature instance the effect starts in.
  @usableFromInline let scope: EffectScope

  @usableFromInline
  init(
    context: EffectContext, throttles: ThrottleWindows, store: ObjectIdentifier,
    inspection: (any EffectInspecting)?
  ) {
    self.context = context
    self.throttles = throttles
    self.scope = EffectScope(
      store: store, path: context.path,
      reporter: inspection.map { ResourceReporter(inspection: $0, effect: nil) })
  }

  /// The key `id` resolves to in the child-feature instance the effect starts in.
  func key(for id: AnyHashableSendable) -> CancellationKey {
    context.key(for: id)
  }
}

extension Effect {
  /// An effect built when the store starts it, from what that start may reach.
  static func deferred(_ build: @escaping @Sendable (DeferredEffectStart) -> Effect) -> Self {
    Self(box: DeferredEffectBox(build))
  }
}
