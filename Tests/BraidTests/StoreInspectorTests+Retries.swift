import Braid
import BraidTestSupport
import Testing

/// The wait between a retried effect's attempts is in the stream: each failed attempt that is
/// run again is reported, with the attempt that starts next.
extension StoreInspectorTests {
  @Test func aRunRetriedAfterAFailureReportsTheRetryThenSucceeds() async {
    let log = EventLog<Flaky.State, Flaky.Action>()
    let store = Store(initialState: Flaky.State(), inspector: log.inspector()) { Flaky(failures: 2) }
    await store.send(.runTapped).finish()
    #expect(store.state.results == ["ok after 3"])
    #expect(
      log.lines() == [
        "#1 mounted",
        "#2 action .runTapped (external)",
        "#3 state",
        "#4 effect 1 started: run by #2",
        "#5 effect 1 retrying (attempt 2) after: failure 1",
        "#6 effect 1 retrying (attempt 3) after: failure 2",
        #"#7 action .result("ok after 3") (effect 1)"#,
        "#8 state",
        "#9 effect 1 finished",
      ])
  }

  @Test func aClientThatFailsEveryAttemptReportsEachRetryThenItsFailure() async {
    let log = EventLog<Flaky.State, Flaky.Action>()
    let store = Store(initialState: Flaky.State(), inspector: log.inspector()) { Flaky(failures: 5) }
    await store.send(.subscribeTapped).finish()
    #expect(store.state.results == ["failed: failure 2"])
    #expect(
      log.lines() == [
        "#1 mounted",
        "#2 action .subscribeTapped (external)",
        "#3 state",
        "#4 effect 1 started: subscribe by #2",
        "#5 effect 1 retrying (attempt 2) after: failure 1",
        "#6 effect 1 failed: failure 2",
        #"#7 action .result("failed: failure 2") (effect 1)"#,
        "#8 state",
        "#9 effect 1 finished",
      ])
  }

  /// Fails its first `failures` attempts: a `.run` retried twice, a client retried once.
  struct Flaky: Reducer {
    struct State: Equatable, Sendable { var results: [String] = [] }
    enum Action: Equatable, Sendable {
      case runTapped, subscribeTapped
      case result(String)
    }
    struct Failure: Error, CustomStringConvertible {
      let description: String
    }
    let failures: Int

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        let attempts = Recorder<Int>()
        switch action {
        case .runTapped:
          return .run { [failures] send in
            attempts.append(1)
            if attempts.count <= failures { throw Failure(description: "failure \(attempts.count)") }
            await send(.result("ok after \(attempts.count)"))
          }
          .retry(2)
        case .subscribeTapped:
          return .subscribe { [failures] subscriber in
            attempts.append(1)
            if attempts.count <= failures {
              subscriber.send(completion: .failure(Failure(description: "failure \(attempts.count)")))
            }
            return AnyCancellable {}
          } catch: { error, send in
            await send(.result("failed: \(error)"))
          }
          .retry(1)
        case .result(let result):
          state.results.append(result)
          return .none
        }
      }
    }
  }
}
