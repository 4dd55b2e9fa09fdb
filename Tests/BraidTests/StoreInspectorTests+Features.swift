import Braid
import BraidTestSupport

/// The features `StoreInspectorTests` inspects: one per shape of work a store does.
extension StoreInspectorTests {
  struct Fetch: Reducer {
    struct State: Equatable, Sendable { var value = 0 }
    enum Action: Equatable, Sendable {
      case tapped
      case response(Int)
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .tapped:
          return .run { send in await send(.response(42)) }
        case .response(let value):
          state.value = value
          return .none
        }
      }
    }
  }

  struct Ticker: Reducer {
    struct State: Equatable, Sendable { var ticks = 0 }
    enum Action: Equatable, Sendable { case startAndStop, start, stop, tick }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .startAndStop:
          return .merge(
            .run { [clock] send in
              try await clock.sleep(for: .seconds(1))
              await send(.tick)
            }
            .cancellable(id: "timer"),
            .cancel(id: "timer"))
        case .start:
          return .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
          .cancellable(id: "timer")
        case .stop:
          return .cancel(id: "timer")
        case .tick:
          state.ticks += 1
          return .none
        }
      }
    }
  }

  struct Search: Reducer {
    struct State: Equatable, Sendable {
      var query = ""
      var results: [String] = []
    }
    enum Action: Equatable, Sendable {
      case typed(String)
      case searched(String)
    }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .typed(let query):
          state.query = query
          return .run { send in await send(.searched(query)) }
            .debounce(id: "search", for: .milliseconds(300), clock: clock)
        case .searched(let query):
          state.results = [query]
          return .none
        }
      }
    }
  }

  struct Row: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
      var ticks = 0
    }
    enum Action: Equatable, Sendable { case start, tick }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .start:
          return .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        case .tick:
          state.ticks += 1
          return .none
        }
      }
    }
  }

  struct Rows: Reducer {
    struct State: Equatable, Sendable { var rows: IdentifiedArrayOf<Row.State> = [] }
    enum Action: Equatable, Sendable {
      case rows(IdentifiedActionOf<Row>)
      case remove(Int)
    }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .remove(let id) = action { state.rows.remove(id: id) }
        return .none
      }
      .forEach(\.rows, action: /Action.rows) { Row(clock: clock) }
    }
  }

  struct Client: Reducer {
    struct State: Equatable, Sendable { var connections = 0 }
    enum Action: Equatable, Sendable { case connect, disconnect, connected }
    let teardowns: Recorder<Int>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .connect:
          state.connections += 1
          let number = state.connections
          return .subscribe { [teardowns] subscriber in
            subscriber.send(.connected)
            return AnyCancellable { teardowns.append(number) }
          }
          .cancellable(id: "client", cancelInFlight: true)
        case .disconnect:
          return .cancel(id: "client")
        case .connected:
          return .none
        }
      }
    }
  }
}
