extension Effect {
  /// This effect with every asynchronous part (``run(priority:operation:catch:fileID:line:)``
  /// and ``subscribe(_:catch:fileID:line:)``) replaced by `run` and `subscribe`, keeping the
  /// structure (merge, concatenation, cancellation, scoping, deferral) around them.
  ///
  /// The one walk of an effect's structure behind `retry`, `signpost` and test-store tracking.
  /// `concatenate`, when given, handles a concatenation as a whole instead of descending into it.
  func transformingLeaves(
    run: @escaping @Sendable (RunEffectBox<Action>) -> RunEffectBox<Action>,
    subscribe: @escaping @Sendable (SubscribeEffectBox<Action>) -> SubscribeEffectBox<Action>,
    concatenate: (@Sendable ([Effect]) -> Effect)? = nil
  ) -> Self {
    guard case .boxed(let box) = storage else { return self }
    func descend(_ effect: Effect) -> Effect {
      effect.transformingLeaves(run: run, subscribe: subscribe, concatenate: concatenate)
    }
    switch box.kind {
    case .send, .cancel:
      return self
    case .run:
      return Self(box: run(unsafeDowncast(box, to: RunEffectBox<Action>.self)))
    case .subscribe:
      return Self(box: subscribe(unsafeDowncast(box, to: SubscribeEffectBox<Action>.self)))
    case .merge:
      let effects = unsafeDowncast(box, to: EffectListBox<Action>.self).effects
      return Self(box: EffectListBox(kind: .merge, effects.map(descend)))
    case .concatenate:
      let effects = unsafeDowncast(box, to: EffectListBox<Action>.self).effects
      if let concatenate { return concatenate(effects) }
      return Self(
        box: EffectListBox(
          kind: .concatenate, effects.map { $0.transformingLeaves(run: run, subscribe: subscribe) }))
    case .cancellable:
      let cancellable = unsafeDowncast(box, to: CancellableEffectBox<Action>.self)
      return Self(
        box: CancellableEffectBox(
          id: cancellable.id, cancelInFlight: cancellable.cancelInFlight, descend(cancellable.effect)))
    case .scoped:
      let scoped = unsafeDowncast(box, to: ScopedEffectBox<Action>.self)
      return Self(box: ScopedEffectBox(scoped.component, descend(scoped.effect)))
    case .deferred:
      let build = unsafeDowncast(box, to: DeferredEffectBox<Action>.self).build
      return Self(
        box: DeferredEffectBox { start in
          build(start).transformingLeaves(run: run, subscribe: subscribe, concatenate: concatenate)
        })
    }
  }
}
