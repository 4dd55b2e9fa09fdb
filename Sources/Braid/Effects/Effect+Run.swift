/// The payload of ``Effect/run(priority:operation:catch:fileID:line:)``.
@usableFromInline
struct RunOperation<Action: Sendable>: Sendable {
  @usableFromInline let priority: TaskPriority?
  @usableFromInline var operation: @concurrent @Sendable (Send<Action>) async throws -> Void
  @usableFromInline let handler: (@concurrent @Sendable (any Error, Send<Action>) async -> Void)?
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt
  /// The dependency values in force when the effect was created; the operation runs with them.
  @usableFromInline var dependencies: DependencyValues

  @usableFromInline
  init(
    priority: TaskPriority?,
    operation: @escaping @concurrent @Sendable (Send<Action>) async throws -> Void,
    handler: (@concurrent @Sendable (any Error, Send<Action>) async -> Void)?,
    fileID: StaticString,
    line: UInt,
    dependencies: DependencyValues = DependencyValues.currentValues
  ) {
    self.priority = priority
    self.operation = operation
    self.handler = handler
    self.fileID = fileID
    self.line = line
    self.dependencies = dependencies
  }

  func map<Parent: Sendable>(_ transform: @escaping @Sendable (Action) -> Parent) -> RunOperation<Parent> {
    let operation = self.operation
    let handler = self.handler
    return RunOperation<Parent>(
      priority: priority,
      operation: { send in try await operation(send.map(transform)) },
      handler: mapHandler(handler, transform),
      fileID: fileID,
      line: line,
      dependencies: dependencies
    )
  }
}

/// `handler`, taking a parent's ``Send`` instead of a child's.
func mapHandler<Action: Sendable, Parent: Sendable>(
  _ handler: (@concurrent @Sendable (any Error, Send<Action>) async -> Void)?,
  _ transform: @escaping @Sendable (Action) -> Parent
) -> (@concurrent @Sendable (any Error, Send<Parent>) async -> Void)? {
  guard let handler else { return nil }
  return { error, send in await handler(error, send.map(transform)) }
}

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
      storage: .boxed(
        RunEffectBox(
          priority: priority, body: operation, handler: handler, fileID: fileID, line: line,
          dependencies: DependencyValues.currentValues)))
  }
}
