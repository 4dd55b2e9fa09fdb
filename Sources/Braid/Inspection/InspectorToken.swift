/// An inspector attached to a running store with `addInspector(_:)`: ``remove()`` detaches it.
///
/// ```swift
/// let token = store.addInspector(StoreInspector { event in print(event) })
/// store.send(.incrementButtonTapped)  // printed
/// token.remove()
/// store.send(.incrementButtonTapped)  // not printed
/// ```
///
/// The inspector stays attached until ``remove()`` is called or the store is released; dropping
/// the token does not detach it. The token does not keep the store's inspection alive, so an
/// inspector may keep its own token; removing after the store is gone does nothing.
public struct InspectorToken: Sendable {
  private let detach: @Sendable () -> Void

  init(detach: @escaping @Sendable () -> Void) {
    self.detach = detach
  }

  /// Detaches the inspector: once this returns, no event is delivered to it, even when called
  /// from inside the inspector's own `receive` or from another thread. Removing twice does
  /// nothing more.
  public func remove() {
    detach()
  }
}
