/// One observer of a store's state, called with a pointer to it after every send.
@usableFromInline
struct StateObserver<State> {
  @usableFromInline let notify: (UnsafePointer<State>) -> Void

  @inlinable
  init(notify: @escaping (UnsafePointer<State>) -> Void) {
    self.notify = notify
  }
}

/// A main-actor observer, laid out as ``StateObserver`` to be stored in a core as one.
@usableFromInline
struct MainActorStateObserver<State> {
  @usableFromInline let notify: @MainActor (UnsafePointer<State>) -> Void

  @inlinable
  init(notify: @escaping @MainActor (UnsafePointer<State>) -> Void) {
    self.notify = notify
  }
}
