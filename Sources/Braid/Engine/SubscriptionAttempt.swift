/// One subscription of a ``SubscribeEffectBox``: the client has been started and its events are
/// buffered, in order, until the effect's task drains them.
struct SubscriptionAttempt<Action: Sendable>: Sendable {
  let events: AsyncStream<EffectSubscriber<Action>.Event>
  let continuation: AsyncStream<EffectSubscriber<Action>.Event>.Continuation
  let cancellable: AnyCancellable

  /// Calls the subscription's body now, synchronously.
  init(_ subscription: SubscribeEffectBox<Action>, scope: EffectScope) {
    let (events, continuation) = AsyncStream<EffectSubscriber<Action>.Event>.makeStream()
    self.events = events
    self.continuation = continuation
    let subscriber = EffectSubscriber<Action>(scope: scope) { event in
      if let event {
        continuation.yield(event)
      } else {
        continuation.finish()
      }
    }
    self.cancellable = subscription.body(subscriber)
  }

  /// Delivers events until the client completes or the task is cancelled, then tears the
  /// client down. Returns the failure the client completed with, if any.
  func drain(into send: Send<Action>) async -> (any Error)? {
    var failure: (any Error)?
    await withTaskCancellationHandler {
      for await event in events {
        switch event {
        case .action(let action): await send(action)
        case .failure(let error): failure = error
        }
      }
    } onCancel: {
      continuation.finish()
    }
    cancellable.cancel()
    return failure
  }
}
