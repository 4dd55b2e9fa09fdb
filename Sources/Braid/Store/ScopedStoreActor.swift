/// A child feature's handle on a ``StoreActor``: it reads its state from the store's state and
/// sends its actions to the store, embedded, on the store's actor.
///
/// Made by ``StoreActor/scope(state:action:)-(_,(ChildAction)->Action)``. A handle does not keep
/// the store alive: once the store is released, sends are ignored with a runtime warning, state
/// reads return `nil` and observations end.
public struct ScopedStoreActor<State, Action: Sendable>: Sendable {
  /// `nil` when the store is gone.
  let sendAction: @Sendable (Action) async -> StoreTask?
  let source: any ActorStateReading<State>

  init(send: @escaping @Sendable (Action) async -> StoreTask?, source: any ActorStateReading<State>) {
    self.sendAction = send
    self.source = source
  }

  /// Sends a child action to the store; once the store is released, reports the misuse and
  /// drops the action.
  ///
  /// - Parameters:
  ///   - action: What happened in the child feature.
  ///   - fileID: Where the send is, for the report.
  ///   - line: Where the send is, for the report.
  /// - Returns: A handle on the effects this action started.
  @discardableResult
  public func send(_ action: Action, fileID: StaticString = #fileID, line: UInt = #line) async -> StoreTask {
    if let task = await sendAction(action) { return task }
    reportMisuse(
      "An action was sent to a scoped StoreActor whose store has been released: \(action). The action was dropped.",
      fileID: fileID, line: line)
    return .empty
  }

  /// Reads the child's state with `body`, on the store's actor.
  ///
  /// - Parameter body: Computes something from the child's state.
  /// - Returns: What `body` returns, or `nil` when the store has been released.
  public func withState<R: Sendable>(_ body: @escaping @Sendable (_ state: State) -> R) async -> R? {
    await source.read(body)
  }

  /// The value at `keyPath` of the child's state now and after every send that changes it, as
  /// ``StoreActor/values(of:delivery:)`` delivers them; an empty sequence once the store is
  /// released.
  ///
  /// - Parameters:
  ///   - keyPath: The value to observe, stored or computed.
  ///   - delivery: Whether to start with the current value or only later changes.
  /// - Returns: The values.
  public func values<Value: Equatable & Sendable>(
    of keyPath: KeyPath<State, Value> & Sendable,
    delivery: ObservationDelivery = .currentAndChanges
  ) async -> AsyncStream<Value> {
    await source.values(of: keyPath, delivery: delivery)
  }

  /// A handle for a grandchild feature, scoped from this one.
  ///
  /// - Parameters:
  ///   - toChildState: The path from this state to the child's.
  ///   - embed: Turns a child action into one of this handle's actions.
  /// - Returns: The child's handle.
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState> & Sendable,
    action embed: @escaping @Sendable (ChildAction) -> Action
  ) -> ScopedStoreActor<ChildState, ChildAction> {
    let sendAction = self.sendAction
    return ScopedStoreActor<ChildState, ChildAction>(
      send: { await sendAction(embed($0)) },
      source: source.appending(toChildState)
    )
  }
}

extension ScopedStoreActor where State: Sendable {
  /// The child's current state, or `nil` when the store has been released.
  public var state: State? {
    get async { await source.read { $0 } }
  }
}
