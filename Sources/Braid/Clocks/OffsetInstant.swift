/// A point in a ``TestClock``'s or ``ImmediateClock``'s time: a duration since the clock's zero.
public struct OffsetInstant<Duration: DurationProtocol & Hashable>: InstantProtocol {
  /// The time since the clock's zero.
  public var offset: Duration

  /// Creates the instant at `offset` past the clock's zero.
  ///
  /// - Parameter offset: The time since zero.
  public init(offset: Duration) {
    self.offset = offset
  }

  /// Returns the instant `duration` later than this one.
  ///
  /// With `Swift.Duration` the result saturates at ±`Int64.max` seconds (292 billion years) from
  /// the clock's zero instead of overflowing, so advancing a test clock by absurd amounts never
  /// traps.
  ///
  /// - Parameter duration: The time to add; negative durations go back.
  /// - Returns: The later instant.
  public func advanced(by duration: Duration) -> Self {
    if let offset = offset as? Swift.Duration, let duration = duration as? Swift.Duration,
      let sum = Self.saturatingSum(offset, duration) as? Duration
    {
      return Self(offset: sum)
    }
    return Self(offset: offset + duration)
  }

  /// `a + b`, clamped to ±`Int64.max` seconds.
  private static func saturatingSum(_ a: Swift.Duration, _ b: Swift.Duration) -> Swift.Duration {
    let limit = Swift.Duration.seconds(Int64.max)
    let clampedA = min(max(a, .zero - limit), limit)
    let clampedB = min(max(b, .zero - limit), limit)
    // Both within ±Int64.max seconds, so their sum is well within Duration's range.
    return min(max(clampedA + clampedB, .zero - limit), limit)
  }

  /// Returns the duration from this instant to `other`.
  ///
  /// - Parameter other: The later instant.
  /// - Returns: `other.offset - offset`, negative when `other` is earlier.
  public func duration(to other: Self) -> Duration {
    other.offset - offset
  }

  /// Returns whether `lhs` is earlier than `rhs`.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.offset < rhs.offset
  }
}
