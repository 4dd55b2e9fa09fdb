/// A clock that hides which clock it is: store `AnyClock<Duration>` where a concrete clock type
/// would leak into a signature, and pass a `ContinuousClock` in the app and a ``TestClock`` in
/// tests.
///
/// ```swift
/// let clock = AnyClock(TestClock())
/// try await clock.sleep(for: .seconds(1))
/// ```
///
/// Its instants count from the moment the wrapper was made, in the wrapped clock's time.
public struct AnyClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// An instant of an ``AnyClock``: the time since the wrapper was made.
  public struct Instant: InstantProtocol, Sendable {
    /// The time since the wrapper was made.
    public var offset: Duration

    /// The instant `duration` later.
    ///
    /// - Parameter duration: The time to add.
    /// - Returns: The later instant.
    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }

    /// The time from this instant to `other`.
    ///
    /// - Parameter other: The other instant.
    /// - Returns: `other.offset - offset`.
    public func duration(to other: Self) -> Duration { other.offset - offset }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private let elapsed: @Sendable () -> Duration
  private let sleepFor: @Sendable (Duration, Duration?) async throws -> Void
  private let resolution: @Sendable () -> Duration

  /// Wraps `clock`.
  ///
  /// - Parameter clock: The clock to wrap.
  public init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let start = clock.now
    elapsed = { start.duration(to: clock.now) }
    sleepFor = { offset, tolerance in
      try await clock.sleep(until: start.advanced(by: offset), tolerance: tolerance)
    }
    resolution = { clock.minimumResolution }
  }

  /// The wrapped clock's current time, as an offset from when the wrapper was made.
  public var now: Instant { Instant(offset: elapsed()) }

  /// The wrapped clock's resolution.
  public var minimumResolution: Duration { resolution() }

  /// Sleeps on the wrapped clock until `deadline`.
  ///
  /// - Parameters:
  ///   - deadline: When to wake.
  ///   - tolerance: The wrapped clock's tolerance.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleepFor(deadline.offset, tolerance)
  }
}
