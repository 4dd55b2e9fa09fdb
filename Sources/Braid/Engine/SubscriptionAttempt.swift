/// One subscription of a ``SubscribeEffectBox``: the client has been started and its events are
/// kept, in order, until the effect's task delivers them.
struct SubscriptionAttempt<Action: Sendable>: Sendable {
  let mailbox = SubscriptionMailbox<Action>()
  let cancellable: AnyCancellable

  /// Calls the subscription's body now, synchronously.
  init(_ subscription: SubscribeEffectBox<Action>, scope: EffectScope) {
    let mailbox = self.mailbox
    let subscriber = EffectSubscriber<Action>(scope: scope) { mailbox.post($0) }
    self.cancellable = subscription.body(subscriber)
  }

  /// Delivers events until the client completes or the task is cancelled, then tears the
  /// client down. Returns the failure the client completed with, if any.
  ///
  /// The actions that arrived since the last delivery are sent together, in one hop onto the
  /// store's isolation; each is still reduced on its own, in order, and none after the effect
  /// is cancelled.
  func drain(into send: Send<Action>) async -> (any Error)? {
    var failure: (any Error)?
    await withTaskCancellationHandler {
      while true {
        let events = await mailbox.take()
        guard !events.isEmpty else { break }
        var actions: [Action] = []
        actions.reserveCapacity(events.count)
        for event in events {
          switch event {
          case .action(let action): actions.append(action)
          case .failure(let error): failure = error
          }
        }
        if !actions.isEmpty { await send(contentsOf: actions) }
      }
    } onCancel: {
      mailbox.post(nil)
    }
    cancellable.cancel()
    return failure
  }
}
