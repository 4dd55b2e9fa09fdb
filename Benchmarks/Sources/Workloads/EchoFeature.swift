import Braid

/// The TestStore rows' feature: a tap feeds one `.send` back.
public struct EchoFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var taps = 0
    public var echoes = 0

    public init() {}
  }

  public enum Action: Equatable, Sendable { case tapped, echoed }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tapped:
      state.taps += 1
      return .send(.echoed)
    case .echoed:
      state.echoes += 1
      return .none
    }
  }
}
