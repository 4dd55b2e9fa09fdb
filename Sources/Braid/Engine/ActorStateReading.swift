/// How a ``ScopedStoreActor`` reaches its part of a ``StoreActor``'s state, whatever the
/// store's own state and action types.
protocol ActorStateReading<State>: Sendable {
  associatedtype State

  /// Runs `body` on the child's state, on the store's actor; `nil` once the store is gone.
  func read<R: Sendable>(_ body: @escaping @Sendable (State) -> R) async -> R?

  /// The store's ``StoreActor/values(of:delivery:)`` of a value in the child's state.
  func values<Value: Equatable & Sendable>(
    of keyPath: KeyPath<State, Value> & Sendable,
    delivery: ObservationDelivery
  ) async -> AsyncStream<Value>

  /// The reading of a part of the child's state.
  func appending<Child>(_ path: KeyPath<State, Child> & Sendable) -> any ActorStateReading<Child>
}

/// A child's state within a ``StoreActor``'s: the store, held weakly, and the key path to it.
struct ActorStateSource<RootState, RootAction: Sendable, State>: ActorStateReading {
  weak let store: StoreActor<RootState, RootAction>?
  // Key paths are immutable values; one composed from `Sendable` parts is safe to share,
  // though `appending(path:)` does not say so.
  nonisolated(unsafe) let path: KeyPath<RootState, State>

  func read<R: Sendable>(_ body: @escaping @Sendable (State) -> R) async -> R? {
    nonisolated(unsafe) let path = self.path
    return await store?.withState { body($0[keyPath: path]) }
  }

  func values<Value: Equatable & Sendable>(
    of keyPath: KeyPath<State, Value> & Sendable,
    delivery: ObservationDelivery
  ) async -> AsyncStream<Value> {
    guard let store else { return AsyncStream { $0.finish() } }
    let composed = StatePath(path.appending(path: keyPath))
    nonisolated(unsafe) let read: (RootState) -> Value = composed.read
    return await store.values(reading: read, delivery: delivery)
  }

  func appending<Child>(_ childPath: KeyPath<State, Child> & Sendable) -> any ActorStateReading<Child> {
    ActorStateSource<RootState, RootAction, Child>(store: store, path: path.appending(path: childPath))
  }
}
