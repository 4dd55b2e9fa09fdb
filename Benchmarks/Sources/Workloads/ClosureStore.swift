/// The peer of the root-send row: what a user writes without a framework, a final class
/// holding a state, a reducer closure and one observer closure.
@MainActor
public final class ClosureStore<State, Action> {
  public private(set) var state: State
  let reducer: (inout State, Action) -> Void
  var observer: ((State) -> Void)?

  public init(initialState: State, reducer: @escaping (inout State, Action) -> Void) {
    state = initialState
    self.reducer = reducer
  }

  public func observe(_ observer: @escaping (State) -> Void) {
    self.observer = observer
  }

  @inline(never)
  public func send(_ action: Action) {
    reducer(&state, action)
    observer?(state)
  }
}
