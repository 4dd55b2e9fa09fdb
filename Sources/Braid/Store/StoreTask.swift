/// The effects started by one ``Store/send(_:)``, and by the actions they send: cancel them, or
/// wait for them to finish.
///
/// ```swift
/// let task = store.send(.refreshPulled)
/// await task.finish()   // e.g. to end a pull-to-refresh spinner
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline
  let cascade: SendCascade?

  /// A task for a send that started no effect.
  @inlinable
  static var empty: Self { Self(cascade: nil) }

  @inlinable
  init(cascade: SendCascade?) {
    self.cascade = cascade
  }

  /// Cancels the effects, and the effects of every action they send.
  public func cancel() {
    cascade?.cancel()
  }

  /// Waits until every effect of the send has finished (or been cancelled), including the
  /// effects of actions those effects sent.
  ///
  /// Cancelling the task that waits cancels the effects too: `.task { await
  /// store.send(.task).finish() }` ties a feature's long-lived work to a view's (or a
  /// program's) lifetime.
  public func finish() async {
    await cascade?.finish()
  }

  /// Whether ``cancel()`` has been called. A send that started no effect is never cancelled.
  public var isCancelled: Bool {
    cascade?.isCancelledNow ?? false
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.cascade === rhs.cascade
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(cascade.map(ObjectIdentifier.init))
  }
}
