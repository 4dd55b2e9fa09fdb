/// How a scoped store reaches its root: each closure composes one level's key path or embed
/// with its parent's, so a send from any depth goes straight to the root store.
@MainActor
@usableFromInline
struct ScopedStoreBacking<State, Action: Sendable> {
  @usableFromInline let send: @MainActor (Action) -> StoreTask
  @usableFromInline let state: @MainActor () -> State
  @usableFromInline let observe: @MainActor (@escaping @MainActor (UnsafePointer<State>) -> Void) -> ObservationToken

  @usableFromInline
  init(
    send: @escaping @MainActor (Action) -> StoreTask,
    state: @escaping @MainActor () -> State,
    observe: @escaping @MainActor (@escaping @MainActor (UnsafePointer<State>) -> Void) -> ObservationToken
  ) {
    self.send = send
    self.state = state
    self.observe = observe
  }
}
