import Braid

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
