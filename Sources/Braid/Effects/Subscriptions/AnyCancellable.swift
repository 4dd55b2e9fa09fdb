import Synchronization

/// A token that runs a teardown exactly once: when ``cancel()`` is first called or when the
/// token is released, whichever comes first.
///
/// Return one from the body of ``Effect/subscribe(_:catch:fileID:line:)`` to stop a
/// delegate-style client when the effect completes or is cancelled.
///
/// ```swift
/// return .subscribe { subscriber in
///   let manager = LocationManager(onUpdate: { subscriber.send(.locationUpdated($0)) })
///   manager.start()
///   return AnyCancellable { manager.stop() }
/// }
/// ```
public final class AnyCancellable: Sendable, Hashable {
  private let teardown: SanitizerVisibleMutex<(@Sendable () -> Void)?>

  /// Creates a token that runs `cancel` once.
  ///
  /// - Parameter cancel: The teardown. It may run on any thread.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    teardown = SanitizerVisibleMutex(cancel)
  }

  deinit {
    cancel()
  }

  /// Runs the teardown if it has not run yet. Safe to call from any thread, any number of times.
  public func cancel() {
    let body = teardown.withLock { teardown in
      defer { teardown = nil }
      return teardown
    }
    body?()
  }

  /// Whether the teardown has run.
  public var isCancelled: Bool {
    teardown.withLock { $0 == nil }
  }

  /// Tokens are equal only to themselves.
  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
    lhs === rhs
  }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
