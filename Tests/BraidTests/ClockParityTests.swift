import Braid
import BraidTestSupport
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

  @Test func runWithATimeoutFinishesFiniteWork() async throws {
    let clock = TestClock()
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      try await clock.sleep(for: .seconds(2))
    }
    // The sleeper is there before `run` looks, however starved the machine; the bound is wide
    // because it is real time (a one-core gauge run once spent 5 s before `run` looked).
    await clock.expectSleepers(1)
    await clock.run(timeout: .seconds(120))
    // Should the bound ever be reached, the sleeper is cancelled so that the test fails on its
    // expectation instead of waiting forever.
    task.cancel()
    #expect((try? await task.value) != nil)
    #expect(clock.now == .init(offset: .seconds(3)))
  }

  @Test func runWithATimeoutReportsATimerThatNeverStops() async {
    let clock = TestClock()
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) {}
    }
    await clock.expectSleepers(1)
    let issues = Recorder<IssueReporting.Issue>()
    // A wall-clock bound on purpose: the failure under test is about real time (run(timeout:)
    // giving up on a timer that never stops).
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      await clock.run(timeout: .milliseconds(50))
    }
    task.cancel()
    await task.value
    #expect(
      issues.values.map(\.message) == [
        "TestClock.run(timeout:) timed out after 0.05 seconds with 1 task(s) still sleeping. Is a timer still running? Cancel it, or advance by a fixed duration instead."
      ])
  }

  @Test func aTimerTicksOncePerIntervalOnATestClock() async {
    let clock = TestClock()
    let ticks = Recorder<Duration>()
    let task = Task {
      for await instant in clock.timer(interval: .seconds(1)) {
        ticks.append(instant.offset)
      }
    }
    await clock.expectSleepers(1)
    await clock.advance(by: .seconds(3))
    #expect(ticks.values == [.seconds(1), .seconds(2), .seconds(3)])
    task.cancel()
    await task.value
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
