import Braid

/// The observation rows: ten derived (computed) properties, of which only `d0` changes when `tick` does.
public struct ObservedFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var tick = 0
    public var fixed = Array(1...9)
    public var items = Array(0..<100)

    public init() {}

    public var d0: Int { tick * 2 }
    public var d1: Int { fixed[0] * 3 }
    public var d2: Int { fixed[1] * 3 }
    public var d3: Int { fixed[2] * 3 }
    public var d4: Int { fixed[3] * 3 }
    public var d5: Int { fixed[4] * 3 }
    public var d6: Int { fixed[5] * 3 }
    public var d7: Int { fixed[6] * 3 }
    public var d8: Int { fixed[7] * 3 }
    public var d9: String { "item \(fixed[8])" }
  }

  public enum Action: Sendable { case tick }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.tick += 1
    return .none
  }
}

/// Counts notifications per observer.
@MainActor
public final class Tally {
  public var counts: [Int]

  public init(observers: Int = 10) {
    counts = Array(repeating: 0, count: observers)
  }
}

@inline(never)
public func observedFloorReduce(_ state: inout ObservedFeature.State) {
  state.tick += 1
}
