import Braid
import BraidTestSupport
import BraidTesting
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct TestStoreTests {
  typealias Feature = TestStoreFeature

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
    let messages = await recordedFailures {
      await store.send(.increment) { $0.count = 5 }
    }
    #expect(
      messages == [
        """
        A state change does not match expectation: …

          TestStoreFeature.State(
        −   count: 5,
        +   count: 1,
            isLoading: false,
            fact: nil,
          )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func tcaSpellingOfNonExhaustiveShowsWhatWasSkipped() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    #expect(store.exhaustivity != .off)
    let messages = await recordedFailures {
      await store.send(.chain)
      await store.receive(.increment)
      await store.finish()
    }
    #expect(
      messages == [
        "Skipped assertion: a state change was not asserted: …\n\n  TestStoreFeature.State(\n−   count: 0,\n+   count: 1,\n    isLoading: false,\n    fact: nil,\n  )",
        "Skipped assertion: received .increment without asserting it",
      ])
    store.exhaustivity = .off
    #expect(store.exhaustivity == .off(showSkippedAssertions: false))
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
}
