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
    return transformingLeaves(
      run: { run, _ in
        let operation = run.body
        return run.replacing(
          body: { send in
            var attempt = 0
            while true {
              do {
                return try await operation(send)
              } catch  where attempt < count && !Task.isCancelled {
                attempt += 1
                RunningEffect.current?.reportRetry(attempt: attempt + 1, error: error)
              }
            }
          },
          handler: run.handler)
      },
      subscribe: { subscription, _ in
        subscription.replacing(retries: subscription.retries + count)
      }
    )
  }
}
