import Braid
import BraidTesting

/// A feature for the parallel-tests comparison: a `TestClock`-driven timer whose every tick does
/// real work (it counts the primes below a bound), so that tests of it contend for whatever
/// executor reduces their actions.
struct MeteredTicker: Reducer {
  struct State: Equatable, Sendable {
    var ticks = 0
    var primes = 0
  }
  enum Action: Equatable, Sendable {
    case start
    case tick
    case stop
  }
  enum CancelID { case timer }

  let clock: TestClock<Duration>
  /// Ticks count the primes below this.
  let bound: Int

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      state.primes = Self.primes(below: bound)
      return .none
    case .stop:
      return .cancel(id: CancelID.timer)
    }
  }

  /// The number of primes below `bound`, by trial division: deliberately plain work.
  static func primes(below bound: Int) -> Int {
    var count = 0
    for candidate in 2..<max(bound, 2) {
      var divisor = 2
      var isPrime = true
      while divisor * divisor <= candidate {
        if candidate % divisor == 0 {
          isPrime = false
          break
        }
        divisor += 1
      }
      if isPrime { count += 1 }
    }
    return count
  }

  /// The comparison's test: a test store made on the caller's actor (so on the main actor for
  /// a `@MainActor` suite, on one of its own otherwise) runs the timer for five ticks,
  /// asserting each, and stops it. Returns the ticks counted.
  static func runFiveTicks(isolation: isolated (any Actor)? = #isolation) async -> Int {
    let clock = TestClock()
    // The clock is also the store's dependency, so each advance waits for the tick it set off
    // (the test store settles through its dependency clocks); handed to the reducer alone, a
    // tick could arrive after the next step under the address sanitizer.
    let store = TestStore(initialState: State()) {
      MeteredTicker(clock: clock, bound: bound)
    } withDependencies: {
      $0.continuousClock = clock
    }
    let primes = Self.primes(below: bound)
    await store.send(.start)
    for tick in 1...5 {
      await clock.advance(by: .seconds(1))
      await store.receive(.tick) {
        $0.ticks = tick
        $0.primes = primes
      }
    }
    await store.send(.stop)
    await store.finish()
    return store.state.ticks
  }

  /// The bound the comparison uses: about a millisecond of work per tick on these machines.
  static let bound = 40_000
}
