extension Effect {
  /// This effect with every asynchronous part registered with `onStart` (synchronously, as the
  /// effect is built), reported to `onRun` when its task begins, and unregistered with `onEnd`
  /// when that part finishes or is cancelled.
  ///
  /// `TestStore` uses it to know which actions started the effects still in flight.
  package func tracked(
    onStart: @escaping @Sendable () -> UInt64,
    onRun: @escaping @Sendable (UInt64) -> Void,
    onEnd: @escaping @Sendable (UInt64) -> Void
  ) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case .run(let run):
      let token = onStart()
      let operation = run.operation
      let tracked = RunOperation<Action>(
        priority: run.priority,
        operation: { send in
          onRun(token)
          defer { onEnd(token) }
          try await operation(send)
        },
        handler: run.handler,
        fileID: run.fileID,
        line: run.line,
        dependencies: run.dependencies
      )
      return Self(operation: .run(tracked))
    case .subscribe(let subscription):
      let token = onStart()
      let body = subscription.body
      let tracked = Subscription<Action>(
        body: { subscriber in
          onRun(token)
          let cancellable = body(subscriber)
          return AnyCancellable {
            cancellable.cancel()
            onEnd(token)
          }
        },
        handler: subscription.handler,
        retries: subscription.retries,
        fileID: subscription.fileID,
        line: subscription.line
      )
      return Self(operation: .subscribe(tracked))
    case .merge(let effects):
      return Self(operation: .merge(effects.map { $0.tracked(onStart: onStart, onRun: onRun, onEnd: onEnd) }))
    case .concatenate(let effects):
      // The concatenation runs as one task: track it as a whole.
      let token = onStart()
      return Self(operation: .concatenate(effects)).finallyRun(onRun: { onRun(token) }, { onEnd(token) })
    case .cancellable(let id, let cancelInFlight, let effect):
      return Self(
        operation: .cancellable(
          id: id, cancelInFlight: cancelInFlight, effect.tracked(onStart: onStart, onRun: onRun, onEnd: onEnd)))
    case .scoped(let component, let effect):
      return Self(operation: .scoped(component, effect.tracked(onStart: onStart, onRun: onRun, onEnd: onEnd)))
    case .deferred(let build):
      return Self(
        operation: .deferred { context, registry in
          build(context, registry).tracked(onStart: onStart, onRun: onRun, onEnd: onEnd)
        })
    }
  }

  /// This effect, with `onRun` called when its task begins and `body` once it has finished or
  /// been cancelled.
  func finallyRun(onRun: @escaping @Sendable () -> Void, _ body: @escaping @Sendable () -> Void) -> Self {
    let effect = self
    return .run { send in
      onRun()
      defer { body() }
      await send.perform(effect)
    }
  }
}
