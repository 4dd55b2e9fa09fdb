import Braid
import BraidTestSupport
import BraidTesting
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct TestStoreFailureTests {
  typealias Feature = TestStoreFeature

  @Test func stateMismatchShowsADiff() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let messages = await recordedFailures {
      await store.send(.increment) { $0.count = 2 }
    }
    #expect(
      messages == [
        """
        A state change does not match expectation: …

          TestStoreFeature.State(
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
    let messages = await recordedFailures {
      await store.send(.increment)
    }
    #expect(
      messages == [
        """
        State was not expected to change, but a change occurred: …

          TestStoreFeature.State(
        −   count: 0,
        +   count: 1,
            isLoading: false,
            fact: nil,
          )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func expectedChangeThatDidNotHappen() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let messages = await recordedFailures {
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
    let messages = await recordedFailures {
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
    let messages = await recordedFailures {
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

  @Test func receiveByCasePathNamesTheCase() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let messages = await recordedFailures {
      await store.send(.chain)
      await store.receive(/Feature.Action.madeID)
      await store.skipReceivedActions()
      await store.receive(/Feature.Action.madeID)
    }
    #expect(
      messages == [
        """
        Received unexpected action: …

        Expected: an action matching /TestStoreFeature.Action.madeID (payload String)
        Received: .increment
        """,
        "Expected to receive an action matching /TestStoreFeature.Action.madeID (payload String), but received none and no effect is running.",
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
    let messages = await recordedFailures {
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
    let messages = await recordedFailures {
      await store.send(.startTimer)
      // A zero timeout ends the wait before the effects could settle: the timeout message.
      await store.receive(.tick, timeout: .zero)
    }
    #expect(
      messages == [
        """
        Expected to receive .tick, but received none after 0.0 seconds. \
        1 effect is still in flight, started by:
          .startTimer
        """
      ])
    await store.skipInFlightEffects()
    let none = await recordedFailures {
      await store.receive(.tick)
    }
    #expect(none == ["Expected to receive .tick, but received none and no effect is running."])
  }

  /// An effect that reads a clock left unimplemented: reported once, then the effect finishes.
  @Test func unimplementedDependencyFailsTheTest() async {
    struct ReadsTheClockLater: Reducer {
      @Dependency(\.continuousClock) var clock
      func reduce(into state: inout Int, action: Int) -> Effect<Int> {
        .run { [clock] _ in _ = clock.now }
      }
    }
    let store = TestStore(initialState: 0) { ReadsTheClockLater() }
    let messages = await recordedFailures {
      await store.send(1)
      await store.finish()
    }
    #expect(
      messages == ["Unimplemented: the 'continuousClock' clock was asked for the time. Override it with a TestClock."])
  }
}
