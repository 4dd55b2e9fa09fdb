import Braid
import BraidTesting
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct EffectTimingTests {
  enum Action: Equatable, Sendable {
    case typed(String)
    case search(String)
    case scrolled(Int)
    case load(Int)
    case cancelSearch
  }

  static func store(clock: TestClock<Duration>, latest: Bool = true) -> Store<[Action], Action> {
    Store(initialState: []) {
      Reduce<[Action], Action> { state, action in
        switch action {
        case .typed(let text):
          return .send(.search(text)).debounce(id: "search", for: .milliseconds(300), clock: clock)
        case .scrolled(let offset):
          return .send(.load(offset)).throttle(id: "scroll", for: .seconds(1), clock: clock, latest: latest)
        case .cancelSearch:
          return .cancel(id: "search")
        case .search, .load:
          state.append(action)
          return .none
        }
      }
    }
  }

  @Test func debounceRunsOnlyTheLastOfABurst() async {
    let clock = TestClock()
    let store = Self.store(clock: clock)
    let tasks = ["b", "br", "bra"].map { store.send(.typed($0)) }
    await clock.advance(by: .milliseconds(299))
    #expect(store.state == [])
    await clock.advance(by: .milliseconds(1))
    for task in tasks { await task.finish() }
    #expect(store.state == [.search("bra")])
    #expect(store.runningEffectCount == 0)
  }

  @Test func debounceWaitsForTheQuietTimeAfterTheLastEvent() async {
    let clock = TestClock()
    let store = Self.store(clock: clock)
    let first = store.send(.typed("a"))
    await clock.advance(by: .milliseconds(200))
    let second = store.send(.typed("ab"))
    await clock.advance(by: .milliseconds(200))
    #expect(store.state == [])
    await clock.advance(by: .milliseconds(100))
    await first.finish()
    await second.finish()
    #expect(store.state == [.search("ab")])
  }

  @Test func cancellingADebounceDropsIt() async {
    let clock = TestClock()
    let store = Self.store(clock: clock)
    let task = store.send(.typed("a"))
    store.send(.cancelSearch)
    await clock.run()
    await task.finish()
    #expect(store.state == [])
    #expect(store.runningEffectCount == 0)
  }

  @Test func throttleLetsTheFirstThroughAndTheLatestAtTheEndOfTheWindow() async {
    let clock = TestClock()
    let store = Self.store(clock: clock, latest: true)
    var tasks = [store.send(.scrolled(1))]
    await tasks[0].finish()
    #expect(store.state == [.load(1)])
    tasks.append(store.send(.scrolled(2)))
    tasks.append(store.send(.scrolled(3)))
    await clock.advance(by: .milliseconds(500))
    #expect(store.state == [.load(1)])
    await clock.advance(by: .milliseconds(500))
    for task in tasks { await task.finish() }
    #expect(store.state == [.load(1), .load(3)])
  }

  @Test func throttleWithoutLatestKeepsTheFirstOfTheWindow() async {
    let clock = TestClock()
    let store = Self.store(clock: clock, latest: false)
    var tasks = [store.send(.scrolled(1))]
    await tasks[0].finish()
    tasks.append(store.send(.scrolled(2)))
    tasks.append(store.send(.scrolled(3)))
    await clock.advance(by: .seconds(1))
    for task in tasks { await task.finish() }
    #expect(store.state == [.load(1), .load(2)])
  }

  @Test func throttleLetsThroughAfterTheWindowHasPassed() async {
    let clock = TestClock()
    let store = Self.store(clock: clock)
    await store.send(.scrolled(1)).finish()
    await clock.advance(by: .seconds(2))
    await store.send(.scrolled(2)).finish()
    #expect(store.state == [.load(1), .load(2)])
  }

  @Test func throttleStateIsPerStore() async {
    let clock = TestClock()
    let first = Self.store(clock: clock)
    let second = Self.store(clock: clock)
    await first.send(.scrolled(1)).finish()
    await second.send(.scrolled(1)).finish()
    #expect(first.state == [.load(1)])
    #expect(second.state == [.load(1)])
  }
}
