/// Keeps an observation made with ``Store/observe(_:delivery:_:)-(KeyPath<State,Value>,_,_)``
/// (or its closure form) alive; cancel it, or let it go, to stop the observation.
@MainActor
public final class ObservationToken {
  private var onCancel: (@MainActor () -> Void)?

  @usableFromInline
  init(_ onCancel: @escaping @MainActor () -> Void) {
    self.onCancel = onCancel
  }

  isolated deinit {
    cancel()
  }

  /// Stops the observation. Calling it again does nothing.
  public func cancel() {
    let body = onCancel
    onCancel = nil
    body?()
  }

  /// Whether the observation has been stopped.
  public var isCancelled: Bool { onCancel == nil }
}

/// Which values an observation delivers.
public enum ObservationDelivery: Sendable, Equatable {
  /// The current value at once, then every distinct change (a binding: SwiftChaining's
  /// `sync()`, ReactiveCocoa's `RAC(…)`).
  case currentAndChanges
  /// Only distinct changes after the observation starts (SwiftChaining's `end()`).
  case changesOnly
}
