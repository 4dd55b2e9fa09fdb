import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// A `TestStore` made outside any actor runs its feature on an actor of its own; one made on an
/// actor runs it there. Either way it asserts, receives, settles and fails as on the main actor.
@Suite(.checksStoreLeaks)
struct TestStoreOnActorTests {
  typealias Feature = TestStoreFeature

  @Test func sendReceiveAndATestClockWorkOffTheMainActor() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(.loaded("fact 0")) {
      $0.isLoading = false
      $0.fact = "fact 0"
    }
    await store.send(.startTimer)
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.count = 1 }
    await store.receive(.tick) { $0.count = 2 }
    await store.send(.stopTimer)
    await store.finish()
  }

  @Test func failuresReadAsOnTheMainActor() async {
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

  @Test func theMountRunsOnTheFeaturesActorBeforeTheFirstStep() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, String> { state, action in
        state += 1
        return .none
      }
      .onMount { _ in .send("mounted") }
    }
    await store.receive("mounted") { $0 = 1 }
    await store.send("tapped") { $0 = 2 }
  }

  @Test func assertOffTheFeaturesActorFailsInsteadOfRacingItsEffects() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.increment) { $0.count = 1 }
    let messages = await recordedFailures {
      store.assert { $0.count = 1 }
    }
    #expect(
      messages == [
        "TestStore.assert was called off the feature's actor, where the state may be changing. Call it from the actor the test store was made on (a @MainActor test), or assert with send, receive or skipReceivedActions."
      ])
  }

  /// An actor that drives a test store made on it: the feature runs on this actor.
  actor Driver {
    func run() async -> Int {
      let store = TestStore(initialState: Feature.State()) { Feature() }
      await store.send(.chain)
      await store.receive(.increment) { $0.count = 1 }
      await store.receive(.increment) { $0.count = 2 }
      await store.send(.load) { $0.isLoading = true }
      await store.receive(.loaded("fact 2")) {
        $0.isLoading = false
        $0.fact = "fact 2"
      }
      await store.finish()
      return store.state.count
    }
  }

  @Test func aTestStoreMadeOnAnActorRunsItsFeatureThere() async {
    #expect(await Driver().run() == 2)
  }
}
