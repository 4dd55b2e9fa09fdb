import Braid
import BraidTestSupport
import Testing

@Suite(.hangGuard)
struct TestClockTests {
  @Test func timeStandsStillUntilAdvanced() async {
    let clock = TestClock()
    #expect(clock.now.offset == .zero)
    #expect(clock.minimumResolution == .zero)
    await clock.advance(by: .seconds(2))
    #expect(clock.now.offset == .seconds(2))
    await clock.advance(to: .init(offset: .seconds(1)))
    #expect(clock.now.offset == .seconds(2), "advancing to the past leaves now unchanged")
  }

  @Test func sleepersWakeInDeadlineOrderAtTheirDeadlines() async throws {
    let clock = TestClock()
    let wakes = Recorder<Duration>()
    var tasks: [Task<Void, any Error>] = []
    for delay in [3, 1, 2] {
      tasks.append(
        Task {
          try await clock.sleep(for: .seconds(delay))
          wakes.append(clock.now.offset)
        })
    }
    await clock.expectSleepers(3)
    await clock.advance(by: .seconds(3))
    for task in tasks { try await task.value }
    #expect(wakes.values == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(clock.pendingSleepers == 0)
  }

  @Test func equalDeadlinesWakeInRegistrationOrder() async throws {
    let clock = TestClock()
    let order = Recorder<Int>()
    var tasks: [Task<Void, any Error>] = []
    for name in 0..<5 {
      tasks.append(
        Task {
          try await clock.sleep(until: .init(offset: .seconds(1)))
          order.append(name)
        })
      await clock.expectSleepers(name + 1)
    }
    await clock.advance(by: .seconds(1))
    for task in tasks { try await task.value }
    #expect(order.values == [0, 1, 2, 3, 4])
  }

  @Test func advanceWakesOnlySleepersDueByTheTarget() async throws {
    let clock = TestClock()
    let woken = Recorder<Int>()
    let early = Task {
      try await clock.sleep(for: .seconds(1))
      woken.append(1)
    }
    let late = Task {
      try await clock.sleep(for: .seconds(5))
      woken.append(5)
    }
    await clock.expectSleepers(2)
    await clock.advance(by: .seconds(2))
    try await early.value
    #expect(woken.values == [1])
    #expect(clock.pendingSleepers == 1)
    #expect(clock.now.offset == .seconds(2))
    await clock.advance(to: .init(offset: .seconds(5)))
    try await late.value
    #expect(woken.values == [1, 5])
  }

  @Test func repeatingTimerTicksOncePerPeriodWithinOneAdvance() async {
    let clock = TestClock()
    let ticks = Recorder<Duration>()
    let timer = Task {
      while true {
        try await clock.sleep(for: .seconds(1))
        ticks.append(clock.now.offset)
      }
    }
    await clock.expectSleepers(1)
    await clock.advance(by: .seconds(5))
    #expect(ticks.values == (1...5).map { .seconds($0) })
    await clock.advance(by: .milliseconds(500))
    #expect(ticks.count == 5)
    await clock.advance(by: .milliseconds(500))
    #expect(ticks.count == 6)
    timer.cancel()
    #expect(await timer.result.isCancellation)
    #expect(clock.pendingSleepers == 0)
  }

  @Test func timersWithDifferentPeriodsInterleaveByTime() async {
    let clock = TestClock()
    let events = Recorder<(period: Int, time: Duration)>()
    var timers: [Task<Void, any Error>] = []
    for period in [1, 2, 3] {
      timers.append(
        Task {
          while true {
            try await clock.sleep(for: .seconds(period))
            events.append((period, clock.now.offset))
          }
        })
    }
    await clock.expectSleepers(3)
    await clock.advance(by: .seconds(6))
    let recorded = events.values
    #expect(recorded.map(\.time) == recorded.map(\.time).sorted())
    #expect(recorded.filter { $0.period == 1 }.count == 6)
    #expect(recorded.filter { $0.period == 2 }.count == 3)
    #expect(recorded.filter { $0.period == 3 }.count == 2)
    for event in recorded {
      #expect(event.time.components.seconds % Int64(event.period) == 0)
    }
    for timer in timers { timer.cancel() }
    for timer in timers { _ = await timer.result }
    #expect(clock.pendingSleepers == 0)
  }

  @Test func cancellingASleeperThrowsAndForgetsIt() async throws {
    let clock = TestClock()
    let other = Task { try await clock.sleep(for: .seconds(2)) }
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.expectSleepers(2)
    sleeper.cancel()
    #expect(await sleeper.result.isCancellation)
    #expect(clock.pendingSleepers == 1)
    await clock.advance(by: .seconds(2))
    try await other.value
    #expect(clock.pendingSleepers == 0)
  }

  @Test func waitForSleepersReturnsWhenTheCountIsReached() async throws {
    let clock = TestClock()
    let sleepers = (0..<3).map { _ in Task { try await clock.sleep(for: .seconds(1)) } }
    #expect(await clock.waitForSleepers(3))
    #expect(clock.pendingSleepers == 3)
    await clock.advance(by: .seconds(1))
    for sleeper in sleepers { try await sleeper.value }
  }

  /// A zero timeout: the wait gives up at once, without waiting in real time.
  @Test func waitForSleepersGivesUpAtItsTimeout() async {
    let clock = TestClock()
    #expect(await !clock.waitForSleepers(1, timeout: .zero))
  }

  @Test func sleepingInACancelledTaskThrowsAtOnce() async {
    let clock = TestClock()
    let task = Task {
      // Returns as soon as the task is cancelled (a sleep throws then): no polling.
      try? await Task.sleep(for: .seconds(3600))
      try await clock.sleep(for: .seconds(1))
    }
    task.cancel()
    #expect(await task.result.isCancellation)
    #expect(clock.pendingSleepers == 0)
  }

  @Test func sleepingUntilAReachedDeadlineWaitsForTheNextAdvance() async throws {
    // swift-clocks' rule: a sleep whose deadline has passed (`sleep(for: .zero)`, "yield to the
    // next tick") still suspends until the test moves the clock, so code that yields that way
    // runs in the order the test decides.
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    let woken = Recorder<String>()
    let sleepers = Task {
      try await clock.sleep(until: .init(offset: .seconds(3)))
      woken.append("past")
      try await clock.sleep(for: .zero)
      woken.append("zero")
    }
    await clock.expectSleepers(1)
    #expect(woken.values.isEmpty)
    // One advance wakes both: the second sleep's deadline is also within the advance, as in
    // swift-clocks, where an advance wakes sleepers that start during it.
    await clock.advance()
    try await sleepers.value
    #expect(woken.values == ["past", "zero"])
    #expect(clock.pendingSleepers == 0)
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func runWakesEverySleeperIncludingOnesStartedMeanwhile() async throws {
    let clock = TestClock()
    let finished = Recorder<Void>()
    let chained = Task {
      try await clock.sleep(for: .seconds(1))
      try await clock.sleep(for: .seconds(50))
      finished.append(())
    }
    let long = Task {
      try await clock.sleep(for: .seconds(10))
      finished.append(())
    }
    await clock.expectSleepers(2)
    await clock.run()
    try await chained.value
    try await long.value
    #expect(finished.count == 2)
    #expect(clock.now.offset == .seconds(51))
    #expect(clock.pendingSleepers == 0)
  }

  @Test func runReportsATimerThatNeverStops() async {
    let clock = TestClock()
    let timer = Task {
      while true { try await clock.sleep(for: .seconds(1)) }
    }
    await clock.expectSleepers(1)
    let issues = Recorder<IssueReporting.Issue>()
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      await clock.run(limit: 5)
    }
    #expect(
      issues.values.map(\.message) == [
        """
        TestClock.run() gave up after 5 rounds with 1 task(s) still sleeping. Is a timer still \
        running? Cancel it, or advance by a fixed duration instead.
        """
      ]
    )
    #expect(issues.values.first?.fileID == "BraidTests/TestClockTests.swift")
    #expect(clock.now.offset == .seconds(5))
    timer.cancel()
    _ = await timer.result
    #expect(clock.pendingSleepers == 0)
  }

  @Test func startsAtAGivenInstantWithACustomDuration() async throws {
    let clock = TestClock<IntegerTicks>(now: .init(offset: IntegerTicks(10)))
    let task = Task { try await clock.sleep(for: IntegerTicks(5)) }
    await clock.expectSleepers(1)
    await clock.advance(by: IntegerTicks(4))
    #expect(clock.pendingSleepers == 1)
    await clock.advance(by: IntegerTicks(1))
    try await task.value
    #expect(clock.now == .init(offset: IntegerTicks(15)))
  }

  @Test func fitsWhereAClockIsExpected() async throws {
    func elapsed(on clock: some Clock<Duration>) async throws -> Duration {
      try await clock.measure { try await clock.sleep(for: .seconds(3)) }
    }
    let clock = TestClock()
    let existential: any Clock<Duration> = clock
    let measured = Task { try await elapsed(on: clock) }
    await clock.expectSleepers(1)
    await clock.advance(by: .seconds(3))
    #expect(try await measured.value == .seconds(3))
    #expect(existential.minimumResolution == .zero)
  }
}

extension Result {
  fileprivate var isCancellation: Bool {
    if case .failure(let error) = self { return error is CancellationError }
    return false
  }
}

/// A minimal integer duration, to check that the clocks work with any `DurationProtocol`.
struct IntegerTicks: DurationProtocol, Hashable {
  var value: Int

  init(_ value: Int) { self.value = value }

  static var zero: IntegerTicks { IntegerTicks(0) }
  static func + (lhs: IntegerTicks, rhs: IntegerTicks) -> IntegerTicks {
    IntegerTicks(lhs.value + rhs.value)
  }
  static func - (lhs: IntegerTicks, rhs: IntegerTicks) -> IntegerTicks {
    IntegerTicks(lhs.value - rhs.value)
  }
  static func < (lhs: IntegerTicks, rhs: IntegerTicks) -> Bool { lhs.value < rhs.value }
  static func / (lhs: IntegerTicks, rhs: Int) -> IntegerTicks { IntegerTicks(lhs.value / rhs) }
  static func * (lhs: IntegerTicks, rhs: Int) -> IntegerTicks { IntegerTicks(lhs.value * rhs) }
  static func / (lhs: IntegerTicks, rhs: IntegerTicks) -> Double {
    Double(lhs.value) / Double(rhs.value)
  }
}
