extension Effect {
  /// This effect, with each failing operation run again up to `count` more times before its
  /// error reaches the `catch` handler.
  ///
  /// A ``run(priority:operation:catch:fileID:line:)`` operation that throws is run again from
  /// the start; a ``subscribe(_:catch:fileID:line:)`` client that completes with a failure is
  /// subscribed again (its previous teardown has run). Cancellation is never retried. Parts of
  /// the effect that cannot fail (``send(_:)``, ``cancel(id:)``) are unaffected.
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(.loaded(try await api.fetch()))
  /// } catch: { error, send in
  ///   await send(.loadFailed)   // only after the fourth failure in a row
  /// }
  /// .retry(3)
  /// ```
  ///
  /// - Parameter count: How many times to retry; `0` leaves the effect as it is.
  /// - Returns: The retrying effect.
  public func retry(_ count: Int) -> Self {
    guard count > 0 else { return self }
    switch operation {
    case .none, .send, .cancel:
      return self
    case .run(let run):
      let operation = run.operation
      let retrying: @concurrent @Sendable (Send<Action>) async throws -> Void = { send in
        var attempt = 0
        while true {
          do {
            return try await operation(send)
          } catch  where attempt < count && !Task.isCancelled {
            attempt += 1
          }
        }
      }
      return Self(
        operation: .run(
          RunOperation(
            priority: run.priority, operation: retrying, handler: run.handler, fileID: run.fileID, line: run.line)
        )
      )
    case .subscribe(var subscription):
      subscription.retries += count
      return Self(operation: .subscribe(subscription))
    case .merge(let effects):
      return Self(operation: .merge(effects.map { $0.retry(count) }))
    case .concatenate(let effects):
      return Self(operation: .concatenate(effects.map { $0.retry(count) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Self(operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.retry(count)))
    case .scoped(let component, let effect):
      return Self(operation: .scoped(component, effect.retry(count)))
    case .deferred(let build):
      return Self(operation: .deferred { context, registry in build(context, registry).retry(count) })
    }
  }
}
