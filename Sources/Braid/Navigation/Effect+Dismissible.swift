extension Effect {
  /// This child effect as its presenter runs it: its actions embedded as `.presented`, and each
  /// of its run effects able to dismiss the presentation with `@Dependency(\.dismiss)`.
  @usableFromInline
  func presented<Parent: Sendable>(
    _ embed: @escaping @Sendable (PresentationAction<Action>) -> Parent
  ) -> Effect<Parent> {
    dismissible({ embed(.presented($0)) }, dismissal: embed(.dismiss))
  }

  /// This child effect as the feature that shows it runs it: its actions transformed, and each of
  /// its run effects able to send `dismissal` with `@Dependency(\.dismiss)`.
  ///
  /// Like ``map(_:)``, plus the binding of ``PresentationDismissal`` around every run's operation
  /// and `catch:` handler to a send of `dismissal` from that run.
  @usableFromInline
  func dismissible<Parent: Sendable>(
    _ transform: @escaping @Sendable (Action) -> Parent,
    dismissal: Parent
  ) -> Effect<Parent> {
    switch storage {
    case .none: .none
    case .send(let action): .send(transform(action))
    case .boxed(let box): Effect<Parent>(box: Self.dismissible(box, transform, dismissal: dismissal))
    }
  }

  static func dismissible<Parent: Sendable>(
    _ box: EffectBox<Action>,
    _ transform: @escaping @Sendable (Action) -> Parent,
    dismissal dismissAction: Parent
  ) -> EffectBox<Parent> {
    switch box.kind {
    case .run:
      let run = unsafeDowncast(box, to: RunEffectBox<Action>.self)
      let body = run.body
      let dismissal: @Sendable (Send<Parent>) -> @Sendable () async -> Void = { send in
        { await send(dismissAction) }
      }
      let handler = dismissibleHandler(run.handler, transform, dismissal)
      let mapped = RunEffectBox<Parent>(
        priority: run.priority,
        body: { send in
          try await PresentationDismissal.$current.withValue(dismissal(send)) {
            try await body(send.map(transform))
          }
        },
        handler: handler,
        fileID: run.fileID,
        line: run.line,
        dependencies: run.dependencies)
      mapped.cancelID = run.cancelID
      mapped.cancelInFlight = run.cancelInFlight
      mapped.timing = run.timing
      return mapped
    case .merge, .concatenate:
      let effects = unsafeDowncast(box, to: EffectListBox<Action>.self).effects
      return EffectListBox<Parent>(
        kind: box.kind == .merge ? .merge : .concatenate,
        effects.map { $0.dismissible(transform, dismissal: dismissAction) })
    case .cancellable:
      let cancellable = unsafeDowncast(box, to: CancellableEffectBox<Action>.self)
      return CancellableEffectBox(
        id: cancellable.id, cancelInFlight: cancellable.cancelInFlight,
        cancellable.effect.dismissible(transform, dismissal: dismissAction))
    case .scoped:
      let scoped = unsafeDowncast(box, to: ScopedEffectBox<Action>.self)
      return ScopedEffectBox(scoped.component, scoped.effect.dismissible(transform, dismissal: dismissAction))
    case .deferred:
      let deferred = unsafeDowncast(box, to: DeferredEffectBox<Action>.self)
      let build = deferred.build
      return DeferredEffectBox(command: deferred.command) { start in
        build(start).dismissible(transform, dismissal: dismissAction)
      }
    case .send, .subscribe, .cancel:
      // No operation of the child's runs here: a subscription's callbacks run on the client's
      // threads, where `dismiss()` reports that it cannot dismiss.
      return map(box, transform)
    }
  }
}

/// A run's `catch:` handler as the feature that shows it runs it: taking the parent's ``Send``,
/// with `dismiss()` bound to that send.
func dismissibleHandler<Action: Sendable, Parent: Sendable>(
  _ handler: (@concurrent @Sendable (any Error, Send<Action>) async -> Void)?,
  _ transform: @escaping @Sendable (Action) -> Parent,
  _ dismissal: @escaping @Sendable (Send<Parent>) -> @Sendable () async -> Void
) -> (@concurrent @Sendable (any Error, Send<Parent>) async -> Void)? {
  guard let handler else { return nil }
  return { error, send in
    await PresentationDismissal.$current.withValue(dismissal(send)) {
      await handler(error, send.map(transform))
    }
  }
}
