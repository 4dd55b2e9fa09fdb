extension Effect {
  /// This effect with every asynchronous part (``run(priority:operation:catch:fileID:line:)``
  /// and ``subscribe(_:catch:fileID:line:)``) replaced by `run` and `subscribe`, keeping the
  /// structure (merge, concatenation, cancellation, scoping, deferral) around them.
  ///
  /// The one walk of an effect's structure behind `retry`, `signpost` and test-store tracking.
  /// `concatenate`, when given, handles a concatenation as a whole instead of descending into it.
  func transformingLeaves(
    run: @escaping @Sendable (RunOperation<Action>) -> RunOperation<Action>,
    subscribe: @escaping @Sendable (Subscription<Action>) -> Subscription<Action>,
    concatenate: (@Sendable ([Effect]) -> Effect)? = nil
  ) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case .run(let operation):
      return Self(operation: .run(run(operation)))
    case .subscribe(let subscription):
      return Self(operation: .subscribe(subscribe(subscription)))
    case .merge(let effects):
      return Self(
        operation: .merge(
          effects.map { $0.transformingLeaves(run: run, subscribe: subscribe, concatenate: concatenate) }))
    case .concatenate(let effects):
      if let concatenate { return concatenate(effects) }
      return Self(
        operation: .concatenate(
          effects.map { $0.transformingLeaves(run: run, subscribe: subscribe, concatenate: nil) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Self(
        operation: .cancellable(
          id: id, cancelInFlight: cancelInFlight,
          effect.transformingLeaves(run: run, subscribe: subscribe, concatenate: concatenate)))
    case .scoped(let component, let effect):
      return Self(
        operation: .scoped(
          component, effect.transformingLeaves(run: run, subscribe: subscribe, concatenate: concatenate))
      )
    case .deferred(let build):
      return Self(
        operation: .deferred { start in
          build(start).transformingLeaves(run: run, subscribe: subscribe, concatenate: concatenate)
        })
    }
  }
}
