import Braid

/// A reducer the floor can run by hand: the action routed with `if case` and the state
/// mutated in place, no store, no closures.
public protocol HandRoutable: Reducer {
  static func handReduce(_ state: inout State, _ action: Action)
}

extension RootFeature: HandRoutable {
  public static func handReduce(_ state: inout State, _ action: Action) {
    switch action {
    case .increment: state.count += 1
    }
  }
}

/// The floor of the nested rows: the embedded action routed by hand through an opaque call.
@inline(never)
public func handReduceFloor<R: HandRoutable>(_ type: R.Type, _ state: inout R.State, _ action: R.Action) {
  R.handReduce(&state, action)
}
