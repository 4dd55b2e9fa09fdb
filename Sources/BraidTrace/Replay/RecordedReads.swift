import Braid
import Foundation
import Synchronization

/// The dependency values a recorded action's reducer read, given back to it in the same order
/// during a replay; a read the recording does not have is noted, and gets a zero value.
final class RecordedReads: Sendable {
  private struct Queues {
    var uuids: [UUID] = []
    var dates: [Date] = []
    var numbers: [UInt64] = []
    var clockOffsets: [Duration] = []
    var missing: [String] = []
  }

  private let queues = Mutex(Queues())
  /// Where the effects of a replay that runs its timing wait: set by ``TraceTimingCheck``.
  /// Outside a reduction, its clocks' `now` and sleeps are this clock's.
  private let timing = Mutex<(clock: TestClock<Duration>?, reducing: Bool)>((nil, false))

  /// Runs the effects' waits on `clock` from now on.
  func runTiming(on clock: TestClock<Duration>) {
    timing.withLock { $0.clock = clock }
  }

  /// Runs `reduce` as a reduction: its clock reads are the recorded ones, whatever the timing.
  func reducing<Result>(_ reduce: () -> Result) -> Result {
    timing.withLock { $0.reducing = true }
    defer { timing.withLock { $0.reducing = false } }
    return reduce()
  }

  /// The timing clock, when effects run on one and no reduction is under way.
  fileprivate var effectClock: TestClock<Duration>? {
    timing.withLock { $0.reducing ? nil : $0.clock }
  }

  func reset() {
    queues.withLock { $0 = Queues() }
  }

  func add(uuid: UUID) { queues.withLock { $0.uuids.append(uuid) } }
  func add(date: Date) { queues.withLock { $0.dates.append(date) } }
  func add(numbers: [UInt64]) { queues.withLock { $0.numbers += numbers } }
  func add(clockOffset: Duration) { queues.withLock { $0.clockOffsets.append(clockOffset) } }

  /// What the reducer read that the recording did not give it, and what it left unread.
  var mismatches: [String] {
    queues.withLock { queues in
      var all = queues.missing
      if !queues.uuids.isEmpty { all.append("\(queues.uuids.count) recorded uuid value(s) were not read") }
      if !queues.dates.isEmpty { all.append("\(queues.dates.count) recorded date value(s) were not read") }
      if !queues.numbers.isEmpty { all.append("\(queues.numbers.count) recorded random number(s) were not drawn") }
      if !queues.clockOffsets.isEmpty {
        all.append("\(queues.clockOffsets.count) recorded clock value(s) were not read")
      }
      return all
    }
  }

  /// Sets `values`' `uuid`, `date`, `withRandomNumberGenerator`, `continuousClock` and
  /// `suspendingClock` to give back these reads.
  func install(in values: inout DependencyValues) {
    values.uuid = UUIDGenerator { [self] in
      queues.withLock { queues in
        guard !queues.uuids.isEmpty else {
          queues.missing.append("the reducer read a uuid the recording does not have")
          return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        }
        return queues.uuids.removeFirst()
      }
    }
    values.date = DateGenerator { [self] in
      queues.withLock { queues in
        guard !queues.dates.isEmpty else {
          queues.missing.append("the reducer read a date the recording does not have")
          return Date(timeIntervalSinceReferenceDate: 0)
        }
        return queues.dates.removeFirst()
      }
    }
    values.withRandomNumberGenerator = WithRandomNumberGenerator(Generator(reads: self))
    values.continuousClock = ReplayClock(reads: self)
    values.suspendingClock = ReplayClock(reads: self)
  }

  fileprivate func nextClockOffset() -> Duration {
    queues.withLock { queues in
      guard !queues.clockOffsets.isEmpty else {
        queues.missing.append("the reducer read a clock's now the recording does not have")
        return .zero
      }
      return queues.clockOffsets.removeFirst()
    }
  }

  fileprivate func nextNumber() -> UInt64 {
    queues.withLock { queues in
      guard !queues.numbers.isEmpty else {
        queues.missing.append("the reducer drew a random number the recording does not have")
        return 0
      }
      return queues.numbers.removeFirst()
    }
  }

  private struct Generator: RandomNumberGenerator, Sendable {
    let reads: RecordedReads
    mutating func next() -> UInt64 { reads.nextNumber() }
  }
}

/// The clock a replayed reducer reads: each ``now`` is the next recorded one, as an offset from
/// the clock's zero, whichever clock dependency reads it (reads are given back in the order they
/// were made). A replay runs no effect, and a sleep ends at once; when ``TraceTimingCheck`` runs
/// the timing operators' waits, what an effect reads and sleeps on is its test clock.
private struct ReplayClock: Clock {
  typealias Instant = OffsetInstant<Duration>
  let reads: RecordedReads

  var now: Instant {
    if let clock = reads.effectClock { return clock.now }
    return Instant(offset: reads.nextClockOffset())
  }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    guard let clock = reads.effectClock else { return try Task.checkCancellation() }
    try await clock.sleep(until: deadline, tolerance: tolerance)
  }
}
