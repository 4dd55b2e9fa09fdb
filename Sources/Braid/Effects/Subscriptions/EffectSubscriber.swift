/// The callback side of ``Effect/subscribe(_:catch:fileID:line:)``: what a delegate-style
/// client calls to deliver actions and to say it is done.
///
/// Every method may be called from any thread. Actions are delivered to the store in the order
/// they were sent. Anything sent after completion or cancellation is dropped.
public struct EffectSubscriber<Action: Sendable>: Sendable {
  /// How a subscription ends.
  public enum Completion: Sendable {
    /// The client is done; the effect completes normally.
    case finished
    /// The client failed; the error goes to the effect's `catch` handler.
    case failure(any Error)
  }

  enum Event: Sendable {
    case action(Action)
    case failure(any Error)
  }

  let yield: @Sendable (Event?) -> Void

  /// The store and child-feature instance the effect runs in; ``EffectResources`` keys entries
  /// by it.
  public let scope: EffectScope

  init(scope: EffectScope, yield: @escaping @Sendable (Event?) -> Void) {
    self.scope = scope
    self.yield = yield
  }

  /// Delivers `action` to the store.
  ///
  /// - Parameter action: The action to deliver.
  public func send(_ action: Action) {
    yield(.action(action))
  }

  /// Ends the subscription. Its teardown runs once, and later sends are dropped.
  ///
  /// - Parameter completion: `.finished`, or `.failure` to hand an error to the effect's
  ///   `catch` handler.
  public func send(completion: Completion) {
    switch completion {
    case .finished:
      yield(nil)
    case .failure(let error):
      yield(.failure(error))
      yield(nil)
    }
  }

  func map<Child: Sendable>(_ embed: @escaping @Sendable (Child) -> Action) -> EffectSubscriber<Child> {
    let yield = self.yield
    return EffectSubscriber<Child>(scope: scope) { event in
      switch event {
      case .action(let action)?: yield(.action(embed(action)))
      case .failure(let error)?: yield(.failure(error))
      case nil: yield(nil)
      }
    }
  }

  /// This subscriber, calling `onCompletion` when the client completes: with the error, or
  /// `nil` when it finished.
  func observingCompletion(_ onCompletion: @escaping @Sendable ((any Error)?) -> Void) -> Self {
    let yield = self.yield
    return Self(scope: scope) { event in
      switch event {
      case .action?: break
      case .failure(let error)?: onCompletion(error)
      case nil: onCompletion(nil)
      }
      yield(event)
    }
  }
}
