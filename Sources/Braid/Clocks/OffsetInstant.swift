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
  /// - Parameter duration: The time to add; negative durations go back.
  /// - Returns: The later instant.
  public func advanced(by duration: Duration) -> Self {
    Self(offset: offset + duration)
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
