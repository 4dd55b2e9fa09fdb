/// The events a subscription's client has sent that its effect has not yet delivered, handed
/// over in batches: a burst of events costs the store one hop onto its isolation, not one per
/// event, so a client that reports hundreds of fixes at once is not held up once per fix by
/// whatever else that actor runs.
///
/// Any thread may post; one task takes. Closing keeps what was posted before it and drops what
/// comes after.
final class SubscriptionMailbox<Action: Sendable>: Sendable {
  typealias Event = EffectSubscriber<Action>.Event

  private struct State {
    var events: [Event] = []
    var isClosed = false
    /// The taking task, suspended until something is posted or the mailbox closes.
    var waiter: UnsafeContinuation<Void, Never>?
  }

  private let state = SanitizerVisibleMutex(State())

  /// Adds `event`, or closes the mailbox for `nil`; does nothing once it is closed.
  func post(_ event: Event?) {
    let waiter = state.withLock { state -> UnsafeContinuation<Void, Never>? in
      guard !state.isClosed else { return nil }
      if let event {
        state.events.append(event)
      } else {
        state.isClosed = true
      }
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  /// Everything posted since the last call, in order, waiting while nothing is; empty once the
  /// mailbox is closed and emptied.
  func take() async -> [Event] {
    while true {
      let taken = state.withLock { state -> [Event]? in
        guard state.events.isEmpty, !state.isClosed else {
          defer { state.events = [] }
          return state.events
        }
        return nil
      }
      if let taken { return taken }
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        let isReady = state.withLock { state -> Bool in
          guard state.events.isEmpty, !state.isClosed else { return true }
          state.waiter = continuation
          return false
        }
        if isReady { continuation.resume() }
      }
    }
  }
}
