import Synchronization

/// What ``Effect/observed(by:)`` tells about each asynchronous part of an effect: when it is
/// returned, when its task begins, how it fails and how it ends. `TestStore` tracks the effects
/// in flight with it; a reducer's `inspect(_:)` reports them.
package struct EffectObserver: Sendable {
  /// The kinds of asynchronous part.
  package enum Part: Sendable {
    /// An `Effect.run`.
    case run
    /// An `Effect.subscribe`.
    case subscribe
    /// The part of an `Effect.concatenate` that runs in a task, one effect after another.
    case concatenation
  }

  /// Called synchronously as the effect is observed, once per part; returns the part's token.
  package var start: @Sendable (Part, EffectLeafContext) -> UInt64
  /// Called when the part's task begins (for a subscription, at each attempt).
  package var run: @Sendable (UInt64) -> Void
  /// Called when the part fails for good: its operation threw, or its client's last attempt
  /// completed with a failure. Its `catch:` handler runs next.
  package var fail: @Sendable (UInt64, any Error) -> Void
  /// Called when the part has ended, and whether it was cancelled. A subscription's may come
  /// twice: it must be idempotent.
  package var end: @Sendable (UInt64, _ cancelled: Bool) -> Void

  package init(
    start: @escaping @Sendable (Part, EffectLeafContext) -> UInt64,
    run: @escaping @Sendable (UInt64) -> Void = { _ in },
    fail: @escaping @Sendable (UInt64, any Error) -> Void = { _, _ in },
    end: @escaping @Sendable (UInt64, _ cancelled: Bool) -> Void
  ) {
    self.start = start
    self.run = run
    self.fail = fail
    self.end = end
  }
}

extension Effect {
  /// This effect with every asynchronous part reported to `observer`: started as the effect is
  /// observed (synchronously), run when its task begins, ended when it finishes or is
  /// cancelled. A part with a `catch:` handler ends when the handler returns: it can still send.
  package func observed(by observer: EffectObserver) -> Self {
    transformingLeaves(
      run: { run, context in Self.observe(run, context: context, observer) },
      subscribe: { subscription, context in Self.observe(subscription, context: context, observer) },
      concatenate: { effects, context in
        // Its synchronous prefix runs at once, as the store runs it; the rest runs as one task,
        // its parts one after another: observe that as a whole, so that later parts do not
        // count as effects that never started.
        let prefix = effects.prefix { $0.isSynchronous }
        guard prefix.count < effects.count else { return Effect(box: EffectListBox(kind: .concatenate, effects)) }
        let token = observer.start(.concatenation, context)
        let rest = Effect(box: EffectListBox(kind: .concatenate, Array(effects[prefix.count...])))
          .finallyRun(onRun: { observer.run(token) }, { observer.end(token, Task.isCancelled) })
        return Effect(box: EffectListBox(kind: .concatenate, Array(prefix) + [rest]))
      }
    )
  }

  private static func observe(
    _ run: RunEffectBox<Action>, context: EffectLeafContext, _ observer: EffectObserver
  ) -> RunEffectBox<Action> {
    let token = observer.start(.run, context)
    let operation = run.body
    let hasHandler = run.handler != nil
    let body: @concurrent @Sendable (Send<Action>) async throws -> Void = { send in
      observer.run(token)
      do {
        try await operation(send)
      } catch {
        // A `CancellationError` means "stopped", never a failure, whoever threw it; the store
        // hands every other error to the `catch:` handler, if any (`StoreCore.handleFailure`).
        if error is CancellationError {
          observer.end(token, true)
        } else {
          observer.fail(token, error)
          if !hasHandler { observer.end(token, Task.isCancelled) }
        }
        throw error
      }
      observer.end(token, Task.isCancelled)
    }
    guard let handler = run.handler else { return run.replacing(body: body, handler: nil) }
    // With a `catch:` handler the effect is in flight until the handler returns: it can still
    // send. Ending when the operation threw let `receive` fail, seeing no effect in flight,
    // before the handler's action arrived.
    return run.replacing(
      body: body,
      handler: { error, send in
        defer { observer.end(token, Task.isCancelled) }
        await handler(error, send)
      })
  }

  private static func observe(
    _ subscription: SubscribeEffectBox<Action>, context: EffectLeafContext, _ observer: EffectObserver
  ) -> SubscribeEffectBox<Action> {
    let token = observer.start(.subscribe, context)
    let body = subscription.body
    let finish = subscription.onFinish
    let attempts = subscription.retries + 1
    let progress = SubscriptionProgress()
    // In flight until every attempt and the handler are done: ending with an attempt's
    // teardown let `receive` see nothing running between a failure and its retry
    // (`TestStoreRetryTests`).
    return subscription.replacing(
      body: { subscriber in
        observer.run(token)
        let attempt = progress.attemptStarted()
        return body(
          subscriber.observingCompletion { failure in
            progress.completed()
            if let failure, attempt == attempts { observer.fail(token, failure) }
          })
      },
      onFinish: {
        finish?()
        observer.end(token, !progress.hasCompleted)
      })
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

/// A subscription's attempts, and whether the latest one completed (else its end is a
/// cancellation).
private final class SubscriptionProgress: Sendable {
  private let attempts = Atomic<Int>(0)
  private let isCompleted = Atomic<Bool>(false)

  /// Counts an attempt that starts, and returns its number, from 1.
  func attemptStarted() -> Int {
    isCompleted.store(false, ordering: .releasing)
    return attempts.add(1, ordering: .acquiringAndReleasing).newValue
  }

  func completed() {
    isCompleted.store(true, ordering: .releasing)
  }

  var hasCompleted: Bool { isCompleted.load(ordering: .acquiring) }
}
