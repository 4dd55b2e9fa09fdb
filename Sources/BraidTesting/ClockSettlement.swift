import Braid

/// Registers a ``TestStore``'s effect settling with the `TestClock`s among its dependencies, so
/// each wake-up in `advance` is followed by the work it set off before the next sleeper wakes;
/// unregisters when the test store is released.
final class ClockSettlement: Sendable {
  private struct Registration {
    let clock: ObjectIdentifier
    let remove: @Sendable () -> Void
  }

  private let executor: EffectExecutor
  /// The feature's actor, where settling waits for the actions effects deliver.
  private let isolation: any Actor
  private let registrations = SanitizerVisibleMutex<[Registration]>([])

  init(executor: EffectExecutor, isolation: any Actor) {
    self.executor = executor
    self.isolation = isolation
  }

  /// Registers with the test clocks in `values` (`continuousClock`, `suspendingClock`), and
  /// unregisters from any no longer there.
  func update(for values: DependencyValues) {
    let clocks = [values.continuousClock, values.suspendingClock].compactMap { $0 as? TestClock<Duration> }
    let wanted = Set(clocks.map(ObjectIdentifier.init))
    let current = registrations.withLock { $0 }
    for registration in current where !wanted.contains(registration.clock) { registration.remove() }
    var kept = current.filter { wanted.contains($0.clock) }
    for clock in clocks where !kept.contains(where: { $0.clock == ObjectIdentifier(clock) }) {
      let token = clock.addSettler { [weak executor, isolation] in
        guard let executor, await !executor.settle(on: isolation) else { return }
        reportIssue("While the TestClock advanced: " + EffectExecutor.unsettledMessage)
      }
      kept.append(Registration(clock: ObjectIdentifier(clock), remove: { clock.removeSettler(token) }))
    }
    registrations.withLock { $0 = kept }
  }

  deinit {
    for registration in registrations.withLock({ $0 }) { registration.remove() }
  }
}
