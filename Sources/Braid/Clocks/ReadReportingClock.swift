/// The live clock dependencies: `base` itself, with its own instants and sleeps, that also
/// tells a store's inspector each ``now`` a reducer reads (a ``DependencyRead/clockNow(_:)``,
/// the time since this clock was first used), so that a recording's replay gives it back.
///
/// Outside a reduction of a store with an inspector, a read costs one thread-local load more.
struct ReadReportingClock<Base: Clock>: Clock where Base.Duration == Swift.Duration {
  typealias Instant = Base.Instant

  private let base: Base
  /// Where reported offsets count from.
  private let zero: Base.Instant

  init(_ base: Base) {
    self.base = base
    self.zero = base.now
  }

  var now: Instant {
    let now = base.now
    ReducerDependencyReads.report(.clockNow(zero.duration(to: now)))
    return now
  }

  var minimumResolution: Swift.Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Swift.Duration?) async throws {
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}

extension ReadReportingClock: ZeroOffsetClock {
  var offsetFromZero: Swift.Duration { zero.duration(to: base.now) }
}
