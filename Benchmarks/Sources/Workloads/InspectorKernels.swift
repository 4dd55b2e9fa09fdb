import Braid

// MARK: - Inspection

/// An inspector that ignores every event: what attaching one costs, apart from the work of the
/// inspector itself.
func noOpInspector<State, Action: Sendable>() -> StoreInspector<State, Action> {
  StoreInspector(receive: ignore)
}

/// Does nothing with `event`. A named function, not a closure literal: an empty closure here
/// changed how the optimizer merged the module's other closures, and moved the root send row's
/// observer by 8 instructions per send.
@inline(never)
func ignore<State, Action>(_ event: StoreEvent<State, Action>) {}

/// ``rootSend(_:)`` with a no-op inspector attached. Its own loop: a third caller of
/// `observedSends` for the root feature changed how the optimizer compiled it for the other two,
/// and moved the root send row by 9 instructions.
@MainActor
public func rootSendInspected(_ n: Int) {
  let store = Store(initialState: RootFeature.State(), inspector: noOpInspector()) { RootFeature() }
  var seen = 0
  let token = store.observe(\.count) { seen = $0 }
  for _ in 0..<n { store.send(.increment) }
  precondition(seen == n)
  token.cancel()
}

/// A feature whose state holds 1,000 integers, one of which each action changes in place: with
/// nothing copying the state, a send touches one element, not a thousand.
public struct LargeStateFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var values = [Int](repeating: 0, count: 1_000)
    public var next = 0

    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case increment
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.values[state.next] += 1
    state.next = state.next == 999 ? 0 : state.next + 1
    return .none
  }
}

/// `n` sends that each change one of 1,000 elements in place, to `store`.
@MainActor
func largeStateSends(_ store: Store<LargeStateFeature.State, LargeStateFeature.Action>, _ n: Int) {
  for _ in 0..<n { store.send(.increment) }
  precondition(store.state.values.reduce(0, +) == n)
}

/// `n` in-place changes of a 1,000-element state.
@MainActor
public func largeStateSend(_ n: Int) {
  largeStateSends(Store(initialState: LargeStateFeature.State()) { LargeStateFeature() }, n)
}

/// ``largeStateSend(_:)`` with a no-op inspector attached: it must copy nothing.
@MainActor
public func largeStateSendInspected(_ n: Int) {
  largeStateSends(
    Store(initialState: LargeStateFeature.State(), inspector: noOpInspector()) { LargeStateFeature() }, n)
}

/// ``cancellableCycles(_:)`` with a no-op inspector attached.
@MainActor
public func cancellableCyclesInspected(_ n: Int) {
  startAndCancel(Store(initialState: CancelFeature.State(), inspector: noOpInspector()) { CancelFeature() }, n)
}
