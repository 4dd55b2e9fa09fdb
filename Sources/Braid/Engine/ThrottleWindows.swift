/// The throttle windows of one store: a ``ThrottleStateMachine`` per throttle id, child-feature
/// instance and clock, so that throttles of separate stores or rows never interfere.
///
/// The machines are kept by the instant type of the clock they measure, so a machine read back
/// always has the type it was stored with; the same id throttled on two kinds of clock keeps
/// two windows (their instants cannot be compared).
@usableFromInline
final class ThrottleWindows: Sendable {
  private struct Key: Hashable, Sendable {
    let id: CancellationKey
    let instant: ObjectIdentifier
  }

  private let machines = SanitizerVisibleMutex<[Key: any Sendable]>([:])

  init() {}

  /// Feeds an arrival at `now` to the window of `id`, creating it on first use.
  func effectArrived<Instant: InstantProtocol>(
    id: CancellationKey,
    at now: Instant,
    window: Instant.Duration,
    latest: Bool
  ) -> ThrottleStateMachine<Instant>.ArrivalAction {
    let key = Key(id: id, instant: ObjectIdentifier(Instant.self))
    return machines.withLock { machines in
      var machine = Self.machine(machines[key], of: Instant.self) ?? ThrottleStateMachine()
      let action = machine.effectArrived(at: now, window: window, latest: latest)
      machines[key] = machine
      return action
    }
  }

  /// Reports to the window of `id` that the effect held back as `generation` woke at `now`.
  ///
  /// - Returns: Whether that effect starts; `false` too when the window was dropped by
  ///   ``removeAll()`` meanwhile.
  func delayEnded<Instant: InstantProtocol>(id: CancellationKey, generation: UInt64, at now: Instant) -> Bool {
    let key = Key(id: id, instant: ObjectIdentifier(Instant.self))
    return machines.withLock { machines in
      guard var machine = Self.machine(machines[key], of: Instant.self) else { return false }
      let starts = machine.delayEnded(generation: generation, at: now)
      machines[key] = machine
      return starts
    }
  }

  /// Forgets every window: the store's effects were all cancelled.
  func removeAll() {
    machines.withLock { $0.removeAll() }
  }

  /// The number of windows kept (for tests).
  var count: Int { machines.withLock { $0.count } }

  private static func machine<Instant>(
    _ stored: (any Sendable)?,
    of _: Instant.Type
  ) -> ThrottleStateMachine<Instant>? {
    guard let stored else { return nil }
    guard let machine = stored as? ThrottleStateMachine<Instant> else {
      preconditionFailure(
        "Internal inconsistency: a throttle window keyed by \(Instant.self) holds \(type(of: stored))")
    }
    return machine
  }
}
