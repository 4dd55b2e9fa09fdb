/// A main-actor observer, laid out as ``EngineStateObserver`` to be stored in a core as one.
@usableFromInline
struct EngineMainActorObserver<State> {
  @usableFromInline let notify: @MainActor (UnsafePointer<State>) -> Void

  @inlinable
  init(notify: @escaping @MainActor (UnsafePointer<State>) -> Void) {
    self.notify = notify
  }
}
