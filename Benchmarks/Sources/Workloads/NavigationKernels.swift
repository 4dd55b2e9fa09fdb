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

/// The navigation workloads: a child's send through `ifLet`.
@MainActor
public let navigationKernels: [String: @MainActor (Int) -> Void] = [
  "iflet-child": ifLetChildSend
]

/// `n` sends of the child's `.increment` to a parent that holds the child in optional state,
/// with one observer of the child's count.
@MainActor
public func ifLetChildSend(_ n: Int) {
  let store = Store(initialState: OptionalChildParent.State()) { OptionalChildParent() }
  observedSends(store, .child(.increment), count: \.child!.count, n)
}
