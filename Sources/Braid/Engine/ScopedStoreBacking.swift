/// How a scoped store reaches its root: each closure composes one level's key path or embed
/// with its parent's, so a send from any depth goes straight to the root store.
@MainActor
@usableFromInline
struct ScopedStoreBacking<State, Action: Sendable> {
  @usableFromInline let send: @MainActor (Action) -> StoreTask
  @usableFromInline let state: @MainActor () -> State
  @usableFromInline let observe: @MainActor (@escaping @MainActor (UnsafePointer<State>) -> Void) -> ObservationToken
  /// The same observation straight from the root, when every level down is a stored property.
  @usableFromInline let rootRelative: RootRelativeObservation?

  @usableFromInline
  init(
    send: @escaping @MainActor (Action) -> StoreTask,
    state: @escaping @MainActor () -> State,
    observe: @escaping @MainActor (@escaping @MainActor (UnsafePointer<State>) -> Void) -> ObservationToken,
    rootRelative: RootRelativeObservation? = nil
  ) {
    self.send = send
    self.state = state
    self.observe = observe
    self.rootRelative = rootRelative
  }

  /// A backing that observes through `rootRelative` in one hop.
  @inlinable
  init(
    send: @escaping @MainActor (Action) -> StoreTask,
    state: @escaping @MainActor () -> State,
    rootRelative: RootRelativeObservation
  ) {
    self.init(
      send: send, state: state, observe: rootRelative.observeFunction(of: State.self), rootRelative: rootRelative)
  }
}
