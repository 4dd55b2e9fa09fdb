extension Clock where Duration: Hashable {
  /// An asynchronous sequence of ticks, one every `interval` of this clock's time, for as long
  /// as it is iterated.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// …
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     await send(.timerTicked)
  ///   }
  /// }
  /// .cancellable(id: CancelID.timer)
  /// ```
  ///
  /// It works on an `any Clock<Duration>` dependency as on a concrete clock. Each tick is the
  /// instant it was due, counted from when the timer was made (``AnyClock/Instant``). Ticks are
  /// scheduled from the first deadline, not from when each tick is handled, so a slow consumer
  /// does not drift. Cancelling the iterating task ends the sequence.
  ///
  /// - Parameters:
  ///   - interval: The time between ticks.
  ///   - tolerance: The tolerance passed to each sleep.
  /// - Returns: The timer.
  public func timer(interval: Duration, tolerance: Duration? = nil) -> ClockTimer<Duration> {
    ClockTimer(clock: AnyClock(self), interval: interval, tolerance: tolerance)
  }
}

/// The ticks of a clock's `timer(interval:tolerance:)`: the instant each was due, counted from
/// when the timer was made.
public struct ClockTimer<Duration: DurationProtocol & Hashable>: AsyncSequence, Sendable {
  /// Each tick: the instant it was due.
  public typealias Element = AnyClock<Duration>.Instant

  let clock: AnyClock<Duration>
  let interval: Duration
  let tolerance: Duration?

  /// Sleeps until each next tick.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let clock: AnyClock<Duration>
    let interval: Duration
    let tolerance: Duration?
    var last: Element?

    /// The next tick, or `nil` once the iterating task is cancelled.
    public mutating func next() async -> Element? {
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
