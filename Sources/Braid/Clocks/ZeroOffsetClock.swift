/// A clock whose time since its own zero can be read without reporting a read: what stamps a
/// store's inspection events on the store's clock (``StoreInspector/onStoreClock(needsStateBefore:receive:)``).
protocol ZeroOffsetClock: Sendable {
  /// The time since the clock's zero: a test clock's and an immediate clock's own zero, a live
  /// clock's first use.
  var offsetFromZero: Duration { get }
}

extension DependencyValues {
  /// Reads the time on the ``continuousClock`` dependency since its zero, without reporting a
  /// read; for a clock that cannot say (an ``UnimplementedClock``, a clock of another type),
  /// the time on the continuous clock since this was called.
  func continuousClockOffset() -> @Sendable () -> Duration {
    if let clock = continuousClock as? any ZeroOffsetClock { return { clock.offsetFromZero } }
    let start = ContinuousClock.now
    return { start.duration(to: .now) }
  }
}
