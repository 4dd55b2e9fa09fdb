import Braid

/// The root feature of the send rows: a counter next to a 100-element array.
public struct RootFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var count = 0
    public var items = Array(0..<100)

    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case increment
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    }
  }
}

/// The floor: the reducer called directly, through a function the optimizer may not inline.
@inline(never)
public func rootFloorReduce(_ state: inout RootFeature.State, _ action: RootFeature.Action) -> Effect<
  RootFeature.Action
> {
  RootFeature().reduce(into: &state, action: action)
}
