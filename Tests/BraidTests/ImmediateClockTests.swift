import Braid
import Testing

struct ImmediateClockTests {
  @Test func sleepReturnsAndMovesTimeByTheAmountSlept() async throws {
    let clock = ImmediateClock()
    #expect(clock.now.offset == .zero)
    let elapsed = try await clock.measure {
      try await clock.sleep(for: .seconds(3))
      try await clock.sleep(for: .milliseconds(250))
    }
    #expect(elapsed == .milliseconds(3_250))
    #expect(clock.now.offset == .milliseconds(3_250))
    #expect(clock.minimumResolution == .zero)
  }

  @Test func sleepingUntilThePastLeavesTimeUnchanged() async throws {
    let clock = ImmediateClock<Duration>(now: .init(offset: .seconds(10)))
    try await clock.sleep(until: .init(offset: .seconds(4)))
    #expect(clock.now.offset == .seconds(10))
    try await clock.sleep(until: .init(offset: .seconds(12)))
    #expect(clock.now.offset == .seconds(12))
  }

  @Test func copiesShareTheirTime() async throws {
    let clock = ImmediateClock()
    let copy = clock
    try await copy.sleep(for: .seconds(1))
    #expect(clock.now.offset == .seconds(1))
  }

  @Test func cancelledSleepThrowsWithoutMovingTime() async {
    let clock = ImmediateClock()
    let task = Task {
      while !Task.isCancelled { await Task.yield() }
      try await clock.sleep(for: .seconds(1))
    }
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.now.offset == .zero)
  }

  @Test func sleepingLoopFinishesWithoutRealTime() async throws {
    // A hundred hour-long sleeps: real sleeping would take 100 hours, and even one real sleep
    // an hour. Each immediate sleep still yields once, and under TSan, with the whole suite on
    // two cores, a yield waited up to 38 s for a free executor thread (long synchronous tests
    // hold both), so the bound is ten minutes: far below one real sleep, far above a starved
    // executor.
    let clock = ImmediateClock()
    var ticks = 0
    let start = ContinuousClock.now
    while ticks < 100 {
      try await clock.sleep(for: .seconds(3_600))
      ticks += 1
    }
    #expect(clock.now.offset == .seconds(360_000))
    #expect(
      ContinuousClock.now - start < .seconds(600), "a hundred hour-long sleeps took no real hours")
  }

  @Test func staticMemberFitsWhereAClockIsExpected() async throws {
    func elapsed(on clock: some Clock<Duration>) async throws -> Duration {
      try await clock.measure { try await clock.sleep(for: .seconds(2)) }
    }
    #expect(try await elapsed(on: .immediate) == .seconds(2))
    #expect(try await elapsed(on: ImmediateClock()) == .seconds(2))
  }

  @Test func worksWithACustomDuration() async throws {
    let clock = ImmediateClock<IntegerTicks>(now: .init(offset: IntegerTicks(1)))
    try await clock.sleep(for: IntegerTicks(41))
    #expect(clock.now == .init(offset: IntegerTicks(42)))
  }
}
