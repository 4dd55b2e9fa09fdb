extension Effect {
  /// An effect that wraps a callback- or delegate-style client: `body` starts the client, wires
  /// its callbacks to the ``EffectSubscriber``, and returns an ``AnyCancellable`` that stops it.
  ///
  /// `body` runs synchronously on the main actor the moment the store starts the effect, so a
  /// `.cancel(id:)` an instant later always finds it. The returned teardown runs exactly once:
  /// when the subscriber sends a completion, or when the effect is cancelled. Cancelling runs it
  /// synchronously: by the time a `send` that returns `.cancel(id:)` returns, and before a
  /// restart with `cancelInFlight: true` starts the next client, the old client is stopped; a
  /// released store stops its clients as it goes.
  ///
  /// Actions the client sends while the store is busy wait, in order, and reach it together, in
  /// one hop onto its isolation: a burst of a hundred events costs the store one turn of its
  /// actor, not a hundred. Each is still reduced on its own, and once a reduction cancels the
  /// effect the rest are dropped.
  ///
  /// To keep a client's objects by id, so that commands can reach them, store them in an
  /// ``EffectResources`` table from `body`, with the subscriber's ``EffectSubscriber/scope``.
  ///
  /// ```swift
  /// case .startTracking:
  ///   return .subscribe { subscriber in
  ///     let delegate = Delegate(
  ///       didUpdate: { subscriber.send(.didUpdate($0)) },
  ///       didFail: { subscriber.send(completion: .failure($0)) }
  ///     )
  ///     let manager = locationClient.start(delegate)
  ///     return AnyCancellable { manager.stop() }
  ///   }
  ///   .cancellable(id: LocationID())
  /// ```
  ///
  /// This form has its own name rather than being an overload of `run`, so that a mistake in
  /// either closure gets a diagnostic about that closure.
  ///
  /// - Parameters:
  ///   - body: Starts the client and returns its teardown.
  ///   - handler: Receives the error of a `.failure` completion. Without one, the failure is
  ///     reported as a runtime warning.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  /// - Returns: An effect that subscribes when the store starts it.
  public static func subscribe(
    _ body: @escaping @Sendable (_ subscriber: EffectSubscriber<Action>) -> AnyCancellable,
    catch handler: (@concurrent @Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    Self(box: SubscribeEffectBox(body: body, handler: handler, fileID: fileID, line: line))
  }
}
