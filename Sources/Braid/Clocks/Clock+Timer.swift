extension Clock {
  /// An asynchronous sequence of this clock's instants, one every `interval`, for as long as it
  /// is iterated.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     await send(.timerTicked)
  ///   }
  /// }
  /// .cancellable(id: CancelID.timer)
  /// ```
  ///
  /// Ticks are scheduled from the first deadline, not from when each tick is handled, so a slow
  /// consumer does not drift. Cancelling the iterating task ends the sequence.
  ///
  /// - Parameters:
  ///   - interval: The time between ticks.
  ///   - tolerance: The tolerance passed to each sleep.
  /// - Returns: The timer.
  public func timer(interval: Duration, tolerance: Duration? = nil) -> ClockTimer<Self> {
    ClockTimer(clock: self, interval: interval, tolerance: tolerance)
  }
}

/// The ticks of `clock.timer(interval:tolerance:)`, a clock read once per interval.
public struct ClockTimer<C: Clock>: AsyncSequence, Sendable {
  /// Each tick: the instant it was due.
  public typealias Element = C.Instant

  let clock: C
  let interval: C.Duration
  let tolerance: C.Duration?

  /// Sleeps until each next tick.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let clock: C
    let interval: C.Duration
    let tolerance: C.Duration?
    var last: C.Instant?

    /// The next tick, or `nil` once the iterating task is cancelled.
    public mutating func next() async -> C.Instant? {
      let deadline = (last ?? clock.now).advanced(by: interval)
      do {
        try await clock.sleep(until: deadline, tolerance: tolerance)
      } catch {
        return nil
      }
      guard !Task.isCancelled else { return nil }
      last = deadline
      return deadline
    }
  }

  /// An iterator that starts timing now.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(clock: clock, interval: interval, tolerance: tolerance, last: nil)
  }
}
