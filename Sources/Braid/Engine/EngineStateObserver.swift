/// One observer of a store's state, called with a pointer to it after every send.
@usableFromInline
struct EngineStateObserver<State> {
  @usableFromInline let notify: (UnsafePointer<State>) -> Void

  @inlinable
  init(notify: @escaping (UnsafePointer<State>) -> Void) {
    self.notify = notify
  }
}
