import Braid
import BraidTestSupport
import BraidTesting
import Testing

@MainActor
struct ClockParityTests {
  @Test func checkSuspensionThrowsWhileATaskSleeps() async throws {
    let clock = TestClock()
    try await clock.checkSuspension()
    let task = Task { try await clock.sleep(for: .seconds(5)) }
    // A task the test made itself: its work is not counted, so wait for its sleep (see
    // TestClock's "Letting woken tasks run").
    await clock.expectSleepers(1)
    let error = await #expect(throws: TestClock<Duration>.SuspensionError.self) {
      try await clock.checkSuspension()
    }
    #expect(error == TestClock<Duration>.SuspensionError(sleepers: 1))
    await clock.advance(by: .seconds(5))
    try await task.value
    try await clock.checkSuspension()
  }

  @Test func suspensionErrorSaysHowManySleep() {
    #expect(
      TestClock<Duration>.SuspensionError(sleepers: 2).description
        == "2 task(s) still sleeping on the TestClock; advance it, or cancel the work that sleeps.")
  }

  /// Sleeps in store effects: in a test tracking its stores, `run` settles them before it looks
  /// for sleepers, so it never looks while one is between two sleeps (a task the test made
  /// itself could be, on a slow machine, and `run` would end early).
  struct Sleeper: Reducer {
    enum Action: Sendable { case sleepTwice, startTimer, stopTimer, slept }
    let clock: TestClock<Duration>
    /// Where the timer writes the instant of each tick.
    var ticks = Recorder<Duration>()

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .sleepTwice:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          try await clock.sleep(for: .seconds(2))
          await send(.slept)
        }
      case .startTimer:
        return .run { [clock, ticks] _ in
          for await instant in clock.timer(interval: .seconds(1)) { ticks.append(instant.offset) }
        }
        .cancellable(id: "timer")
      case .stopTimer:
        return .cancel(id: "timer")
      case .slept:
        state += 1
        return .none
      }
    }
  }

  @Test(.checksStoreLeaks) func runWithATimeoutFinishesFiniteWork() async {
    let clock = TestClock()
    let store = Store(initialState: 0) { Sleeper(clock: clock) }
    store.send(.sleepTwice)
    // The bound is wide because it is real time (a one-core gauge run once spent 5 s before
    // `run` looked).
    await clock.run(timeout: .seconds(120))
    #expect(store.state == 1)
    #expect(clock.now == .init(offset: .seconds(3)))
  }

  @Test(.checksStoreLeaks) func runWithATimeoutReportsATimerThatNeverStops() async {
    let clock = TestClock()
    let store = Store(initialState: 0) { Sleeper(clock: clock) }
    store.send(.startTimer)
    let issues = Recorder<IssueReporting.Issue>()
    // A wall-clock bound on purpose: the failure under test is about real time (run(timeout:)
    // giving up on a timer that never stops).
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      await clock.run(timeout: .milliseconds(50))
    }
    await store.send(.stopTimer).finish()
    #expect(
      issues.values.map(\.message) == [
        "TestClock.run(timeout:) timed out after 0.05 seconds with 1 task(s) still sleeping. Is a timer still running? Cancel it, or advance by a fixed duration instead."
      ])
  }

  @Test(.checksStoreLeaks) func aTimerTicksOncePerIntervalOnATestClock() async {
    let clock = TestClock()
    let ticks = Recorder<Duration>()
    let store = Store(initialState: 0) { Sleeper(clock: clock, ticks: ticks) }
    store.send(.startTimer)
    await clock.advance(by: .seconds(3))
    #expect(ticks.values == [.seconds(1), .seconds(2), .seconds(3)])
    await store.send(.stopTimer).finish()
    await clock.advance(by: .seconds(3))
    #expect(ticks.count == 3)
  }

  @Test func anyClockSleepsOnTheClockItWraps() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(10))
    let erased = AnyClock(clock)
    #expect(erased.now.offset == .zero)
    let task = Task { try await erased.sleep(for: .seconds(2)) }
    await clock.expectSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(clock.pendingSleepers == 1)
    await clock.advance(by: .seconds(1))
    try await task.value
    #expect(erased.now.offset == .seconds(2))
    #expect(clock.now.offset == .seconds(12))
  }
}
