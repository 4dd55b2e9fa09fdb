import Braid
import BraidTesting
import CounterFeature
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct CounterExampleTests {
  @Test func primeFactorsOfSmallAndLargeNumbers() throws {
    #expect(try primeFactors(of: 0) == [])
    #expect(try primeFactors(of: 1) == [])
    #expect(try primeFactors(of: 12) == [2, 2, 3])
    #expect(try primeFactors(of: 97) == [97])
    #expect(try primeFactors(of: -12) == [])
    #expect(try primeFactors(of: 600_851_475_143) == [71, 839, 1471, 6857])
  }

  @Test func factoringRunsAndDeliversTheFactors() async {
    let store = Store(initialState: Counter.State(count: 12)) { Counter(clock: TestClock()) }
    let task = store.send(.factorButtonTapped)
    #expect(store.state.isFactoring)
    await task.finish()
    #expect(store.state.factors == [2, 2, 3])
    #expect(store.state.factorsDescription == "2 × 2 × 3")
    #expect(!store.state.isFactoring)
  }

  @Test func incrementingClearsStaleFactors() async {
    let store = Store(initialState: Counter.State(count: 4)) { Counter(clock: TestClock()) }
    await store.send(.factorButtonTapped).finish()
    store.send(.incrementButtonTapped)
    #expect(store.state.count == 5)
    #expect(store.state.factors == nil)
  }

  @Test func timerTicksOnTheClockUntilStopped() async {
    let clock = TestClock()
    let store = Store(initialState: Counter.State()) { Counter(clock: clock, tickInterval: .seconds(1)) }
    let timer = store.send(.timerButtonTapped)
    #expect(store.state.isTimerRunning)
    await clock.advance(by: .seconds(3))
    #expect(store.state.count == 3)
    store.send(.timerButtonTapped)
    await timer.finish()
    await clock.advance(by: .seconds(5))
    #expect(store.state.count == 3)
    #expect(!store.state.isTimerRunning)
    #expect(store.runningEffectCount == 0)
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
