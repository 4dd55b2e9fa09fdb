import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// A composed feature on a `StoreActor`: `forEach` rows whose effects are throttled per row on a
/// `@Dependency` clock, `_printChanges` around the whole, and a removed row's effects cancelled,
/// as on a main-actor store (the same core runs both).
@Suite(.checksStoreLeaks)
struct StoreActorCompositionTests {
  struct Row: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
      var taps = 0
      var echoes = 0
    }
    enum Action: Equatable, Sendable {
      case tap
      case echo
      case listen
    }
    enum ThrottleID { case echo }
    enum CancelID { case listen }

    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        state.taps += 1
        return .send(.echo).throttle(id: ThrottleID.echo, for: .seconds(1), clock: clock, latest: true)
      case .echo:
        state.echoes += 1
        return .none
      case .listen:
        return .run { [clock] _ in try await clock.sleep(for: .seconds(3_600)) }
          .cancellable(id: CancelID.listen)
      }
    }
  }

  struct Board: Reducer {
    struct State: Equatable, Sendable {
      var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 1), Row.State(id: 2)]
    }
    enum Action: Equatable, Sendable {
      case rows(IdentifiedActionOf<Row>)
      case remove(Int)
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .remove(let id) = action { state.rows.remove(id: id) }
        return .none
      }
      .forEach(\.rows, action: /Action.rows) { Row() }
    }
  }

  @Test func rowsThrottleOnTheirOwnIDsPrintTheirChangesAndStopWhenRemoved() async {
    let clock = TestClock()
    let printed = Recorder<String>()
    let store = StoreActor(initialState: Board.State()) {
      Board()._printChanges(to: { printed.append($0) })
    } withDependencies: {
      $0.continuousClock = clock
    }
    for _ in 0..<3 { await store.send(.rows(.element(id: 1, action: .tap))) }
    await store.send(.rows(.element(id: 2, action: .tap)))
    await store.send(.rows(.element(id: 1, action: .listen)))
    // Row 1: the first tap echoes at once, the last of the other two when its window closes;
    // row 2's window is its own.
    await clock.expectSleepers(2)
    await clock.advance(by: .seconds(1))
    #expect(await store.until { $0.rows[id: 1]?.echoes == 2 })
    #expect(await store.state.rows[id: 2]?.echoes == 1)
    #expect(await store.runningEffectCount == 1)
    await store.send(.remove(1))
    #expect(await store.runningEffectCount == 0)
    #expect(printed.values.count >= 9)
    #expect(printed.values.allSatisfy { $0.hasPrefix("received action:") })
  }
}
