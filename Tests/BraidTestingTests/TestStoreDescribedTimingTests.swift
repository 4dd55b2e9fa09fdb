import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// `TestStore(effects: .describedExceptTiming)`: the waits of `debounce` and `throttle` run on
/// the test's clock, and what they start is described, so a test sees when a debounced effect
/// fires, not only that it was debounced.
@MainActor
@Suite(.checksStoreLeaks)
struct TestStoreDescribedTimingTests {
  /// A search debounced by `quiet` (or, with `debounces` off, restarted at once: the mutant a
  /// test must catch). The search's operation would fail the test if it ran.
  struct Search: Reducer {
    struct State: Equatable, Sendable {
      var query = ""
      var results: [String] = []
    }
    enum Action: Equatable, Sendable {
      case queryChanged(String)
      case results([String])
    }
    enum CancelID { case search }
    var quiet: Duration = .milliseconds(300)
    var debounces = true
    @Dependency(\.continuousClock) var clock

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .queryChanged(let query):
          state.query = query
          let search = Effect<Action>.run { _ in Issue.record("a described search ran") }
          return debounces
            ? search.debounce(id: CancelID.search, for: quiet, clock: clock)
            : search.cancellable(id: CancelID.search, cancelInFlight: true)
        case .results(let results):
          state.results = results
          return .none
        }
      }
    }
  }

  static let debounce = EffectTiming(.debounce, interval: .milliseconds(300))

  func makeStore(_ search: Search = Search(), clock: TestClock<Duration>) -> TestStore<Search.State, Search.Action> {
    TestStore(initialState: Search.State(), effects: .describedExceptTiming) {
      search
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func aDebouncedEffectStartsWhenItsQuietTimeHasPassed() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.queryChanged("blob")) { $0.query = "blob" }
    let wait = store.effectStarted(.run, ids: ["search"], timing: Self.debounce)
    await clock.advance(by: .milliseconds(299))
    #expect(store.describedEffectsInFlight == [wait], "the search starts only once 300 ms have passed")
    await clock.advance(by: .milliseconds(1))
    let search = store.effectStarted(.run, ids: ["search"])
    #expect(search.startedBy == "effect #1")
    #expect(store.describedEffectsInFlight == [wait, search])
    await store.answer(search, with: .results(["Blob"]))
    await store.receive(.results(["Blob"])) { $0.results = ["Blob"] }
    await store.complete(search)
    await store.finish()
    #expect(store.describedEffectsInFlight.isEmpty, "the wait ends once what it started has ended")
  }

  @Test func typingAgainCancelsTheWaitAndStartsAnother() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.queryChanged("b")) { $0.query = "b" }
    let first = store.effectStarted(.run, ids: ["search"], timing: Self.debounce)
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("bl")) { $0.query = "bl" }
    store.effectCancelled(first)
    let second = store.effectStarted(.run, ids: ["search"], timing: Self.debounce)
    await clock.advance(by: .milliseconds(299))
    #expect(store.describedEffectsInFlight == [second])
    await clock.advance(by: .milliseconds(1))
    let search = store.effectStarted(.run, ids: ["search"])
    await store.complete(search)
    await store.finish()
  }

  @Test func aShorterQuietTimeFailsTheTimingAssertion() async {
    let clock = TestClock()
    let store = makeStore(Search(quiet: .milliseconds(100)), clock: clock)
    await store.send(.queryChanged("blob")) { $0.query = "blob" }
    withKnownIssue {
      store.effectStarted(.run, ids: ["search"], timing: Self.debounce)
    } matching: {
      $0.description.contains("debounce 0.1 seconds")
    }
    await clock.advance(by: .milliseconds(100))
    let search = store.effectStarted(.run, ids: ["search"])
    await store.complete(search)
    await store.finish()
  }

  @Test func aRestartInsteadOfADebounceStartsNothingOnTheClock() async {
    let clock = TestClock()
    let store = makeStore(Search(debounces: false), clock: clock)
    store.exhaustivity = .off
    await store.send(.queryChanged("blob")) { $0.query = "blob" }
    let started = store.effectStarted(.run, ids: ["search"])
    #expect(started.timing == nil)
    await clock.advance(by: .milliseconds(300))
    withKnownIssue {
      store.effectStarted(.run, ids: ["search"])
    } matching: {
      $0.description.contains("no effect started")
    }
    await store.complete(started)
  }

  @Test func releasingTheStoreCancelsAWaitStillRunning() async {
    let clock = TestClock()
    var store: TestStore<Search.State, Search.Action>? = makeStore(clock: clock)
    await store?.send(.queryChanged("blob")) { $0.query = "blob" }
    store?.effectStarted(.run, ids: ["search"], timing: Self.debounce)
    await clock.advance(by: .zero)
    #expect(clock.pendingSleepers == 1)
    store?.exhaustivity = .off
    store = nil
    await clock.advance(by: .zero)
    #expect(clock.pendingSleepers == 0, "the debounce's sleep was cancelled with its store")
  }
}
