import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// `TestStore(effects: .described)`: effects as data. Nothing of an effect runs; the test
/// asserts which started and which were cancelled, in the store's order, and answers them.
@MainActor
@Suite(.checksStoreLeaks)
struct TestStoreDescribedEffectsTests {
  /// A search: each query restarts a cancellable search (`cancelInFlight`), `clear` cancels it,
  /// `watch` subscribes to a client. The operations would fail the test if they ran.
  struct Search: Reducer {
    struct State: Equatable, Sendable {
      var query = ""
      var results: [String] = []
      var updates = 0
    }
    enum Action: Equatable, Sendable {
      case queryChanged(String)
      case results([String])
      case clear
      case watch
      case updated
    }
    enum CancelID { case search }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .queryChanged(let query):
          state.query = query
          return .run { _ in Issue.record("a described run ran") }
            .cancellable(id: CancelID.search, cancelInFlight: true)
        case .results(let results):
          state.results = results
          return .none
        case .clear:
          state.query = ""
          return .cancel(id: CancelID.search)
        case .watch:
          return .subscribe { _ in
            Issue.record("a described subscription subscribed")
            return AnyCancellable {}
          }
        case .updated:
          state.updates += 1
          return .none
        }
      }
    }
  }

  @Test func anEffectIsAssertedAnsweredAndCompleted() async {
    let store = TestStore(initialState: Search.State(), effects: .described) { Search() }
    await store.send(.queryChanged("blob")) { $0.query = "blob" }
    let search = store.effectStarted(.run, ids: ["search"])
    #expect(search.number == 1)
    #expect(search.startedBy == #".queryChanged("blob")"#)
    #expect(store.describedEffectsInFlight == [search])
    await store.answer(search, with: .results(["Blob", "Blob Jr."]))
    await store.receive(.results(["Blob", "Blob Jr."])) { $0.results = ["Blob", "Blob Jr."] }
    await store.complete(search)
    #expect(store.describedEffectsInFlight.isEmpty)
    await store.finish()
  }

  @Test func aRestartCancelsThenStartsInTheStoresOrder() async {
    let store = TestStore(initialState: Search.State(), effects: .described) { Search() }
    await store.send(.queryChanged("b")) { $0.query = "b" }
    let first = store.effectStarted(.run, ids: ["search"])
    await store.send(.queryChanged("bl")) { $0.query = "bl" }
    store.effectCancelled(first)
    let second = store.effectStarted(.run, ids: ["search"])
    await store.send(.clear) { $0.query = "" }
    store.effectCancelled(second)
    await store.finish()
  }

  @Test func aSubscriptionAnswersManyTimes() async {
    let store = TestStore(initialState: Search.State(), effects: .described) { Search() }
    await store.send(.watch)
    let watch = store.effectStarted(.subscribe)
    for count in 1...3 {
      await store.answer(watch, with: .updated)
      await store.receive(.updated) { $0.updates = count }
    }
    await store.complete(watch)
    await store.finish()
  }

  @Test func receiveDoesNotWaitForADescribedEffect() async {
    let store = TestStore(initialState: Search.State(), effects: .described) { Search() }
    await store.send(.queryChanged("blob")) { $0.query = "blob" }
    let search = store.effectStarted(.run, ids: ["search"])
    let messages = await recordedFailures {
      await store.receive(.results([]))
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("results") == true)
    await store.complete(search)
    await store.finish()
  }

  @Test func anUnassertedStartFailsTheNextSend() async {
    let store = TestStore(initialState: Search.State(), effects: .described) { Search() }
    await store.send(.queryChanged("b")) { $0.query = "b" }
    let search = store.describedEffectsInFlight[0]
    let messages = await recordedFailures {
      await store.send(.clear) { $0.query = "" }
    }
    #expect(
      messages == [
        """
        Must assert 1 described effect event before sending an action: …

        Unasserted, made by send(.queryChanged("b")):
          started effect #1 (run under search, started by .queryChanged("b"))

        Assert each with `store.effectStarted(…)`, `store.effectCancelled(…)` or \
        `store.effectCommanded(…)`, in this order, right after the step that made it.
        """
      ])
    store.effectCancelled(search)
    await store.finish()
  }

  @Test func aWrongKindOrIdFailsNamingWhatStarted() async {
    let store = TestStore(initialState: Search.State(), effects: .described) { Search() }
    await store.send(.queryChanged("b")) { $0.query = "b" }
    let search = store.describedEffectsInFlight[0]
    let messages = await recordedFailures {
      store.effectStarted(.subscribe, ids: ["search"])
    }
    #expect(
      messages == [
        #"Expected a subscribe effect under search started, but effect #1 (run under search, started by .queryChanged("b")) started."#
      ])
    await store.send(.clear) { $0.query = "" }
    store.effectCancelled(search)
    await store.finish()
  }

  @Test func anEffectLeftRunningFailsFinish() async {
    let store = TestStore(initialState: Search.State(), effects: .described) { Search() }
    await store.send(.queryChanged("b")) { $0.query = "b" }
    let search = store.effectStarted(.run, ids: ["search"])
    let messages = await recordedFailures { await store.finish() }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("A described effect is still running.") == true)
    #expect(messages.first?.contains("effect #1 (run under search") == true)
    await store.complete(search)
  }

  @Test func aCancelledEffectCannotBeAnswered() async {
    let store = TestStore(initialState: Search.State(), effects: .described) { Search() }
    await store.send(.queryChanged("b")) { $0.query = "b" }
    let search = store.effectStarted(.run, ids: ["search"])
    await store.send(.clear) { $0.query = "" }
    store.effectCancelled(search)
    let messages = await recordedFailures {
      await store.answer(search, with: .results(["late"]))
    }
    #expect(
      messages == [
        #"Cannot answer effect #1 (run under search, started by .queryChanged("b")): it was cancelled already, so it could send nothing."#
      ])
    #expect(store.state.results.isEmpty)
    await store.finish()
  }

  @Test func aTestStoreThatRunsItsEffectsSaysSo() async {
    let store = TestStore(initialState: Search.State()) { Search() }
    let messages = await recordedFailures {
      store.effectStarted(.run)
    }
    #expect(messages.first?.hasSuffix("make it with `effects: .described` to describe them.") == true)
  }

  /// The suite's leak check fails this test if the described subscription outlives its store.
  @Test func releasingTheStoreCancelsDescribedEffects() async {
    var store: TestStore<Search.State, Search.Action>? = TestStore(initialState: Search.State(), effects: .described) {
      Search()
    }
    await store?.send(.watch)
    let watch = store?.effectStarted(.subscribe)
    #expect(watch?.number == 1)
    store?.exhaustivity = .off
    store = nil
  }

  @Test func anExhaustiveStoreReleasedWithADescribedEffectRunningFails() async {
    var store: TestStore<Search.State, Search.Action>? = TestStore(initialState: Search.State(), effects: .described) {
      Search()
    }
    await store?.send(.watch)
    store?.effectStarted(.subscribe)
    let messages = await recordedFailures { store = nil }
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix("The test store was released while a described effect was still running.") == true)
    #expect(messages.first?.contains("effect #1 (subscribe, started by .watch)") == true)
  }

  @Test func anExhaustiveStoreReleasedWithAnUnassertedCancellationFails() async {
    var store: TestStore<Search.State, Search.Action>? = TestStore(initialState: Search.State(), effects: .described) {
      Search()
    }
    await store?.send(.queryChanged("a")) { $0.query = "a" }
    store?.effectStarted(.run, ids: ["search"])
    await store?.send(.clear) { $0.query = "" }
    let messages = await recordedFailures { store = nil }
    #expect(
      messages == [
        """
        The test store was released with 1 described effect event not asserted.

        Unasserted:
          cancelled effect #1 (run under search, started by .queryChanged("a"))

        To fix, assert each with `store.effectStarted(…)`, `store.effectCancelled(…)` or \
        `store.effectCommanded(…)`, in this order.
        """
      ])
  }
}
