/// A clock whose sleeps return at once while its time still moves forward by the time slept.
///
/// Use it where a test, preview or demo should not wait — a debounce, a retry back-off, an
/// animation delay — but the code still measures time. Unlike ``TestClock``, nothing has to
/// advance it:
///
/// ```swift
/// let clock = ImmediateClock()
/// let elapsed = try await clock.measure {
///   try await clock.sleep(for: .seconds(3))
/// }
/// // elapsed == .seconds(3), and no real time passed.
/// ```
///
/// Copies of an `ImmediateClock` share one ``now``.
public struct ImmediateClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A point in an immediate clock's time: a duration since the clock's zero.
  public typealias Instant = OffsetInstant<Duration>

  private let current: SanitizerVisibleMutex<Instant>

  /// Creates an immediate clock whose time starts at `now`.
  ///
  /// Use this initialiser for a custom `Duration` type; for `Swift.Duration`, ``init()`` is
  /// shorter.
  ///
  /// - Parameter now: The starting instant.
  public init(now: Instant) {
    current = SanitizerVisibleMutex(now)
  }

  /// The clock's current instant: its start plus all the time slept on it.
  ///
  /// Read while a store with an inspector reduces, it is reported as a
  /// ``DependencyRead/clockNow(_:)``, so that a recording's replay gives it back.
  public var now: Instant {
    let now = current.withLock { $0 }
    if let offset = now.offset as? Swift.Duration { ReducerDependencyReads.report(.clockNow(offset)) }
    return now
  }

  /// The smallest step the clock measures: zero.
  public var minimumResolution: Duration { .zero }

  /// Moves ``now`` forward to `deadline` and returns without waiting.
  ///
  /// The call still yields once, so a loop that only sleeps lets other tasks run. A deadline
  /// before ``now`` leaves the time unchanged.
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` if the task is cancelled; time then does not move.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
    await Task.yield()
  }
}

extension ImmediateClock where Duration == Swift.Duration {
  /// Creates an immediate clock measuring `Swift.Duration`, starting at zero.
  ///
  /// ```swift
  /// let model = SearchModel(clock: ImmediateClock())  // init(clock: some Clock<Duration>)
  /// ```
  public init() {
    self.init(now: Instant(offset: .zero))
  }
}

extension Clock where Self == ImmediateClock<Swift.Duration> {
  /// A new immediate clock measuring `Swift.Duration`, for parameters typed `some Clock<Duration>`.
  ///
  /// ```swift
  /// let model = SearchModel(clock: .immediate)
  /// ```
  public static var immediate: Self { ImmediateClock() }
}

extension ImmediateClock: ZeroOffsetClock where Duration == Swift.Duration {
  var offsetFromZero: Swift.Duration { current.withLock { $0 }.offset }
}
