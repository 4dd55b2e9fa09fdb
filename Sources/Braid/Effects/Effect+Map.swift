extension Effect {
  /// An effect that sends `transform(action)` for every action this one sends.
  ///
  /// This is how a parent embeds a child feature's effects: `childEffect.map(Action.child)`.
  ///
  /// - Parameter transform: Turns this effect's actions into the new action type.
  /// - Returns: The transformed effect; ``none`` stays ``none`` at no cost.
  @inlinable
  public func map<NewAction: Sendable>(_ transform: @escaping @Sendable (Action) -> NewAction) -> Effect<NewAction> {
    // Only the `none` check is inlined: inlining the rest grew every reducer that maps its
    // child's effects, even when the effect is `none` (the "forEach row send" row of
    // `Benchmarks/instructions.sh`, +2.4 %).
    if isNone { return .none }
    return mapped(transform)
  }

  /// ``map(_:)`` of an effect that is not `none`.
  @usableFromInline
  func mapped<NewAction: Sendable>(_ transform: @escaping @Sendable (Action) -> NewAction) -> Effect<NewAction> {
    switch storage {
    case .none: .none
    case .send(let action): .send(transform(action))
    case .boxed(let box): Effect<NewAction>(box: Self.map(box, transform))
    }
  }

  /// `box` with every action it sends transformed, keeping its structure.
  @usableFromInline
  static func map<NewAction: Sendable>(
    _ box: EffectBox<Action>,
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> EffectBox<NewAction> {
    switch box.kind {
    case .send:
      return SendEffectBox(transform(unsafeDowncast(box, to: SendEffectBox<Action>.self).action))
    case .run:
      return unsafeDowncast(box, to: RunEffectBox<Action>.self).map(transform)
    case .subscribe:
      return unsafeDowncast(box, to: SubscribeEffectBox<Action>.self).map(transform)
    case .merge, .concatenate:
      let effects = unsafeDowncast(box, to: EffectListBox<Action>.self).effects
      let mapped: [Effect<NewAction>] = effects.map { $0.map(transform) }
      return EffectListBox<NewAction>(kind: box.kind == .merge ? .merge : .concatenate, mapped)
    case .cancellable:
      let cancellable = unsafeDowncast(box, to: CancellableEffectBox<Action>.self)
      return CancellableEffectBox(
        id: cancellable.id, cancelInFlight: cancellable.cancelInFlight, cancellable.effect.map(transform))
    case .cancel:
      return CancelEffectBox(id: unsafeDowncast(box, to: CancelEffectBox<Action>.self).id)
    case .scoped:
      let scoped = unsafeDowncast(box, to: ScopedEffectBox<Action>.self)
      return ScopedEffectBox(scoped.component, scoped.effect.map(transform))
    case .deferred:
      let deferred = unsafeDowncast(box, to: DeferredEffectBox<Action>.self)
      let build = deferred.build
      return DeferredEffectBox(command: deferred.command) { start in build(start).map(transform) }
    }
  }
}
