extension Effect {
  /// An effect that runs asynchronous work and may send actions back into the store.
  ///
  /// The operation runs on the global concurrent executor, never on the main actor, so slow or
  /// blocking work does not stall the store. It sees the dependency values that were in force
  /// when the effect was created (see ``Dependency``); `await send(…)` hops to the main actor to deliver
  /// each action. Once the effect is cancelled, `send` does nothing.
  ///
  /// An error thrown by `operation` goes to `handler`, which runs as part of the effect: with the
  /// same dependency values, and `Task.cancel(id:)` resolves ids as it does in `operation`.
  /// Without a handler, any error other than the `CancellationError` of a cancelled effect is
  /// reported as a runtime warning that names this call site.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     await send(.timerTicked)
  ///   }
  /// } catch: { error, send in
  ///   await send(.timerFailed(error.localizedDescription))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the work.
  ///   - operation: The work. It receives a ``Send`` to deliver actions.
  ///   - handler: Receives an error thrown by `operation`, with a ``Send`` to report it.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  /// - Returns: An effect that runs `operation` when the store starts it.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @concurrent @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@concurrent @Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    Self(
      box: RunEffectBox(
        priority: priority, body: operation, handler: handler, fileID: fileID, line: line,
        dependencies: DependencyValues.currentValues))
  }
}
