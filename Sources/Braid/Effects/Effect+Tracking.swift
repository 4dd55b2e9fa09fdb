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
    transformingLeaves(
      run: { run in
        let token = onStart()
        let operation = run.body
        guard let handler = run.handler else {
          return run.replacing(
            body: { send in
              onRun(token)
              defer { onEnd(token) }
              try await operation(send)
            },
            handler: nil)
        }
        // With a `catch:` handler the effect is in flight until the handler returns: it can
        // still send. Ending when the operation threw let `receive` fail, seeing no effect in
        // flight, before the handler's action arrived.
        return run.replacing(
          body: { send in
            onRun(token)
            do {
              try await operation(send)
            } catch {
              // The store hands every error but a `CancellationError` to the handler
              // (`EngineStore.handleFailure`), which then ends the tracking.
              if error is CancellationError { onEnd(token) }
              throw error
            }
            onEnd(token)
          },
          handler: { error, send in
            defer { onEnd(token) }
            await handler(error, send)
          })
      },
      subscribe: { subscription in
        let token = onStart()
        let body = subscription.body
        // In flight until every attempt and the handler are done: ending with an attempt's
        // teardown let `receive` see nothing running between a failure and its retry
        // (`TestStoreRetryTests`).
        let finish = subscription.onFinish
        return subscription.replacing(
          body: { subscriber in
            onRun(token)
            return body(subscriber)
          },
          onFinish: {
            finish?()
            onEnd(token)
          })
      },
      concatenate: { effects in
        // Its synchronous prefix runs at once, as the store runs it; the rest runs as one task,
        // its parts one after another: track that as a whole so later parts do not count as
        // effects that failed to start.
        let prefix = effects.prefix { $0.isSynchronous }
        guard prefix.count < effects.count else { return Effect(box: EffectListBox(kind: .concatenate, effects)) }
        let token = onStart()
        let rest = Effect(box: EffectListBox(kind: .concatenate, Array(effects[prefix.count...])))
          .finallyRun(onRun: { onRun(token) }, { onEnd(token) })
        return Effect(box: EffectListBox(kind: .concatenate, Array(prefix) + [rest]))
      }
    )
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
