/// A clock for tests that have not chosen one: using it reports a test failure, so a feature
/// that sleeps gets a ``TestClock`` or ``ImmediateClock`` on purpose.
///
/// After reporting it behaves like `ContinuousClock`, so the feature under test keeps running
/// as it would with a real clock and the test shows every place that needs a test clock, not
/// just the first.
public struct UnimplementedClock: Clock {
  /// The instant of the underlying continuous clock.
  public typealias Instant = ContinuousClock.Instant

  private let name: String

  /// A clock whose use reports that `name` is unimplemented.
  public init(name: String = "continuousClock") {
    self.name = name
  }

  /// Reports, then returns the real time.
  public var now: Instant {
    reportMisuse("Unimplemented: the '\(name)' clock was asked for the time. Override it with a TestClock.")
    return ContinuousClock().now
  }

  /// Zero.
  public var minimumResolution: Duration { .zero }

  /// Reports, then sleeps on the real continuous clock.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    reportMisuse("Unimplemented: the '\(name)' clock was asked to sleep. Override it with a TestClock.")
    try await ContinuousClock().sleep(until: deadline, tolerance: tolerance)
  }
}
