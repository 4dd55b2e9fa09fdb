import Braid

/// A parent holding `RootFeature` as optional child state, run with `ifLet`: the shape of a
/// feature that shows a child now and then.
public struct OptionalChildParent: Reducer {
  public struct State: Equatable, Sendable {
    public var child: RootFeature.State? = RootFeature.State()
    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case child(RootFeature.Action)
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    EmptyReducer().ifLet(\.child, action: /Action.child) { RootFeature() }
  }
}

/// The same child presented with `@Presents` and `ifLet(\.$child, action:)`.
public struct PresentingParent: Reducer {
  public struct State: Equatable, Sendable {
    @Presents public var child: RootFeature.State? = RootFeature.State()
    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case child(PresentationAction<RootFeature.Action>)
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    EmptyReducer().ifLet(\.$child, action: /Action.child) { RootFeature() }
  }
}

/// The same child as the top element of a three-element stack, run with `forEach(\.path, action:)`.
public struct StackParent: Reducer {
  public struct State: Equatable, Sendable {
    public var path = StackState([RootFeature.State(), RootFeature.State(), RootFeature.State()])
    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case path(StackAction<RootFeature.State, RootFeature.Action>)
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    EmptyReducer().forEach(\.path, action: /Action.path) { RootFeature() }
  }
}

/// The navigation workloads: a child's send through `ifLet`, and through a presentation.
@MainActor
public let navigationKernels: [String: @MainActor (Int) -> Void] = [
  "iflet-child": ifLetChildSend,
  "presents-child": presentedChildSend,
  "stack-element": stackElementSend,
]

/// `n` sends of the child's `.increment` to a parent that holds the child in optional state,
/// with one observer of the child's count.
@MainActor
public func ifLetChildSend(_ n: Int) {
  let store = Store(initialState: OptionalChildParent.State()) { OptionalChildParent() }
  observedSends(store, .child(.increment), count: \.child!.count, n)
}

/// The same sends to a presented child.
@MainActor
public func presentedChildSend(_ n: Int) {
  let store = Store(initialState: PresentingParent.State()) { PresentingParent() }
  observedSends(store, .child(.presented(.increment)), count: \.child!.count, n)
}

/// The same sends to the top element of a stack, with one observer of its count.
@MainActor
public func stackElementSend(_ n: Int) {
  let store = Store(initialState: StackParent.State()) { StackParent() }
  observedSends(store, .path(.element(id: 2, action: .increment)), count: \.path[2].count, n)
}
