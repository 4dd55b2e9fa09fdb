import Braid
import BraidTesting
import CounterExample
import Testing

@MainActor
struct TestStoreTests {
  struct Feature: Reducer {
    struct State: Equatable {
      var count = 0
      var isLoading = false
      var fact: String?
    }
    enum Action: Equatable, Sendable {
      case increment
      case noop
      case load
      case loaded(String)
      case chain
      case tick
      case startTimer
      case stopTimer
      case makeID
      case madeID(String)
    }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.uuid) var uuid

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .noop:
        return .none
      case .load:
        state.isLoading = true
        return .run { [count = state.count] send in await send(.loaded("fact \(count)")) }
      case .loaded(let fact):
        state.isLoading = false
        state.fact = fact
        return .none
      case .chain:
        return .merge(.send(.increment), .send(.increment))
      case .tick:
        state.count += 1
        return .none
      case .startTimer:
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: "timer")
      case .stopTimer:
        return .cancel(id: "timer")
      case .makeID:
        return .send(.madeID(uuid().uuidString))
      case .madeID:
        return .none
      }
    }
  }

  /// Runs `body` and returns the failure messages it reported.
  static func failures(_ body: () async -> Void) async -> [String] {
    let issues = Recorder<IssueReporting.Issue>()
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      await body()
    }
    return issues.values.map(\.message)
  }

  @Test func passingSendReceiveAndFinish() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(.loaded("fact 1")) {
      $0.isLoading = false
      $0.fact = "fact 1"
    }
    await store.send(.chain)
    await store.receive(.increment) { $0.count = 2 }
    await store.receive(/Feature.Action.increment) { $0.count = 3 }
    await store.finish()
    #expect(store.state.count == 3)
  }

  @Test func receiveByCasePathWithPayload() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(/Feature.Action.loaded, "fact 0") {
      $0.isLoading = false
      $0.fact = "fact 0"
    }
  }

  @Test func timeIsDrivenByATestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.count = 1 }
    await store.receive(.tick) { $0.count = 2 }
    await store.send(.stopTimer)
    await store.finish()
  }

  @Test func uuidIsIncrementingInTests() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.makeID)
    await store.receive(.madeID("00000000-0000-0000-0000-000000000000"))
    await store.send(.makeID)
    await store.receive(.madeID("00000000-0000-0000-0000-000000000001"))
  }

  @Test func exhaustivityOffAssertsOnlyWhatIsNamed() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.exhaustivity = .off
    await store.send(.increment)
    await store.send(.chain)
    await store.receive(.increment) { $0.count = 2 }
    await store.send(.load) { $0.isLoading = true }
    await store.finish()
    #expect(store.state.count == 3)
    #expect(store.state.isLoading)
  }

  @Test func exhaustivityOffStillChecksNamedFields() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.exhaustivity = .off
    let messages = await Self.failures {
      await store.send(.increment) { $0.count = 5 }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("−   count: 5,\n+   count: 1,") == true)
  }

  @Test func skipReceivedActionsAndInFlightEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.chain)
    await store.skipReceivedActions()
    #expect(store.state.count == 2)
    await store.send(.startTimer)
    await store.skipInFlightEffects()
    await store.finish()
  }

  // MARK: - Failures

  @Test func stateMismatchShowsADiff() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let messages = await Self.failures {
      await store.send(.increment) { $0.count = 2 }
    }
    #expect(
      messages == [
        """
        A state change does not match expectation: …

          TestStoreTests.Feature.State(
        −   count: 2,
        +   count: 1,
            isLoading: false,
            fact: nil,
          )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func unexpectedStateChange() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let messages = await Self.failures {
      await store.send(.increment)
    }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("State was not expected to change, but a change occurred: …") == true)
  }

  @Test func expectedChangeThatDidNotHappen() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let messages = await Self.failures {
      await store.send(.noop) { $0.count = 0 }
    }
    #expect(
      messages == [
        """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """
      ])
  }

  @Test func sendWhileActionsArePending() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let messages = await Self.failures {
      await store.send(.chain)
      await store.send(.noop)
    }
    #expect(
      messages == [
        """
        Must handle 2 received actions before sending an action: …

        Unhandled actions:
          .increment
          .increment
        """
      ])
  }

  @Test func unexpectedReceivedActionAndLeftoverActions() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let messages = await Self.failures {
      await store.send(.chain)
      await store.receive(.noop)
      await store.finish()
    }
    #expect(
      messages == [
        """
        Received unexpected action: …

        Expected: .noop
        Received: .increment
        """,
        """
        The store received 1 unexpected action: …

        Unhandled actions:
          .increment
        """,
      ])
  }

  @Test func effectStillRunningAtTheEndNamesItsAction() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.timeout = .milliseconds(50)
    let messages = await Self.failures {
      await store.send(.startTimer)
      await store.finish()
    }
    #expect(
      messages == [
        """
        An effect returned for an action is still running. It must complete before the end of the test.

        Still running, started by:
          .startTimer

        To fix, inspect the effect: cancel it with an id, have it finish, or call \
        `await store.skipInFlightEffects()` if it is not the subject of this test.
        """
      ])
    await store.skipInFlightEffects()
  }

  @Test func receiveTimeoutSaysWhatIsInFlight() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let messages = await Self.failures {
      await store.send(.startTimer)
      await store.receive(.tick, timeout: .milliseconds(50))
    }
    #expect(
      messages == [
        """
        Expected to receive .tick, but received none after 0.05 seconds. \
        1 effect is still in flight, started by:
          .startTimer
        """
      ])
    await store.skipInFlightEffects()
    let none = await Self.failures {
      await store.receive(.tick)
    }
    #expect(none == ["Expected to receive .tick, but received none and no effect is running."])
  }

  @Test func unimplementedDependencyFailsTheTest() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let messages = await Self.failures {
      await store.send(.startTimer)
      await store.finish()
    }
    #expect(
      messages.contains("Unimplemented: the 'continuousClock' clock was asked to sleep. Override it with a TestClock."))
  }

  @Test func counterExampleUnderTestStore() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State(count: 11)) { Counter(clock: clock) }
    await store.send(.incrementButtonTapped) { $0.count = 12 }
    await store.send(.factorButtonTapped) { $0.isFactoring = true }
    await store.receive(.factorsComputed([2, 2, 3])) {
      $0.isFactoring = false
      $0.factors = [2, 2, 3]
    }
    await store.send(.timerButtonTapped) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(2))
    await store.receive(.timerTicked) {
      $0.count = 13
      $0.factors = nil
    }
    await store.receive(.timerTicked) { $0.count = 14 }
    await store.send(.timerButtonTapped) { $0.isTimerRunning = false }
    await store.finish()
  }
}
