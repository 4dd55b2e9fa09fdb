import Braid
import BraidTestSupport
import Testing

extension StoreInspectorTests {
  /// A feature whose taps are throttled to one a second, the newest held back.
  struct Tapper: Reducer {
    struct State: Equatable, Sendable { var taps = 0 }
    enum Action: Equatable, Sendable {
      case tap
      case tapped
    }
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        return .run { send in await send(.tapped) }.throttle(id: "tap", for: .seconds(1), clock: clock, latest: true)
      case .tapped:
        state.taps += 1
        return .none
      }
    }
  }

  /// The effect a throttle holds back is marked with the throttle's interval as it starts; the
  /// first tap, let through at once, and the effect the wait starts are not timing effects.
  @Test func aThrottlesHeldBackEffectIsMarkedAsItsWait() async throws {
    let clock = TestClock()
    let log = EventLog<Tapper.State, Tapper.Action>()
    let store = Store(initialState: Tapper.State(), inspector: log.inspector()) { Tapper(clock: clock) }
    await store.send(.tap).finish()
    let held = store.send(.tap)
    await clock.advance(by: .seconds(1))
    await held.finish()
    #expect(store.state.taps == 2)
    let starts = log.lines().filter { $0.contains("started") }
    #expect(
      starts == [
        "#4 effect 1 started: run id tap by #2",
        "#10 effect 2 started: run id tap by #8 (throttle 1.0 seconds)",
        "#11 effect 3 started: run id tap in effect 2",
      ])
  }
}
