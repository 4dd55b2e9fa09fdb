import Braid
import BraidTrace

/// A search box: typing is debounced before the lookup runs; `ping` starts a plain run.
struct Lookup: Reducer {
  struct State: Codable, Equatable {
    var query = ""
    var results: [String] = []
    var pongs = 0
  }
  enum Action: Codable, Equatable, Sendable {
    case typed(String)
    case found([String])
    case ping
    case pong
  }
  let clock: TestClock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .typed(let query):
      state.query = query
      return .run { send in await send(.found([query, query + query])) }
        .debounce(id: "search", for: .milliseconds(300), clock: clock)
    case .found(let results):
      state.results = results
    case .ping:
      return .run { send in await send(.pong) }
    case .pong:
      state.pongs += 1
    }
    return .none
  }
}

extension Lookup {
  /// A recorder writing to `path`, and a store of the lookup on `clock` that it records; the
  /// store's `continuousClock` is `clock` too unless `clockDependency` is false. Assign the
  /// pair to variables of the caller's (`(recorder, store) = …`), so that setting `store` to
  /// `nil` releases the store.
  @MainActor
  static func recordedStore(
    on clock: TestClock<Duration>, to path: String, clockDependency: Bool = true
  ) throws -> (recorder: TraceRecorder<State, Action>, store: Store<State, Action>?) {
    let recorder = TraceRecorder<State, Action>(feature: "Lookup", initialState: State(), sink: try .file(at: path))
    let store = Store(initialState: State(), inspector: recorder.inspector) {
      Lookup(clock: clock)
    } withDependencies: {
      if clockDependency { $0.continuousClock = clock }
    }
    return (recorder, store)
  }
}
