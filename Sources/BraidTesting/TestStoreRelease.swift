import Braid
import Dispatch

/// The check a ``TestStore`` makes when it is released: an exhaustive test store still running
/// effects, or holding received actions the test never asserted, fails the test it was made in,
/// as `finish()` would have.
///
/// It runs in the test store's `deinit`, which Swift runs where the last reference goes — at the
/// end of the test function, inside the test — so the failure is the test's own. Effects
/// that were only finishing (a last hop after their final `send`) are given the moment they need
/// first: the check waits, blocking, until no effect job is queued or running, at most
/// ``idleLimit``.
final class TestStoreRelease: Sendable {
  private struct Status {
    var exhaustive = true
    /// `finish()` has checked since the last action was sent.
    var finishedSinceLastSend = false
  }

  /// How long a release waits for effect jobs already queued or running to end.
  static let idleLimit = Duration.seconds(10)

  private let inFlight: InFlightEffects
  /// The descriptions of the received actions the test has not asserted.
  private let unasserted: @Sendable () -> [String]
  /// The described effects still running and the described starts, cancellations and commands
  /// the test has not asserted, for a test store that describes its effects.
  private let described: (@Sendable () -> (running: [String], unasserted: [String]))?
  private let executor: EffectExecutor
  private let site: SourceSite
  private let status = SanitizerVisibleMutex(Status())

  init(
    inFlight: InFlightEffects,
    unasserted: @escaping @Sendable () -> [String],
    described: (@Sendable () -> (running: [String], unasserted: [String]))?,
    executor: EffectExecutor,
    site: SourceSite
  ) {
    self.inFlight = inFlight
    self.unasserted = unasserted
    self.described = described
    self.executor = executor
    self.site = site
  }

  func exhaustivityChanged(to exhaustivity: Exhaustivity) {
    status.withLock { $0.exhaustive = exhaustivity == .on }
  }

  func sent() { status.withLock { $0.finishedSinceLastSend = false } }

  func finished() { status.withLock { $0.finishedSinceLastSend = true } }

  /// Fails the current test, at the test store's creation, for the tracked effects still
  /// running and for the received actions left unasserted.
  func storeReleased() {
    let status = status.withLock { $0 }
    guard status.exhaustive, !status.finishedSinceLastSend else { return }
    if !inFlight.isEmpty {
      _ = executor.waitUntilIdle(blockingFor: Self.idleLimit)
      let running = inFlight.labels
      if !running.isEmpty { recordFailure(Self.message(running: running), at: site) }
    }
    let unasserted = unasserted()
    if !unasserted.isEmpty { recordFailure(Self.message(unasserted: unasserted), at: site) }
    // Checked before the store goes: its release cancels what still runs.
    if let (running, unasserted) = described?() {
      if !unasserted.isEmpty { recordFailure(Self.message(describedUnasserted: unasserted), at: site) }
      if !running.isEmpty { recordFailure(Self.message(describedRunning: running), at: site) }
    }
  }

  static func message(describedUnasserted events: [String]) -> String {
    """
    The test store was released with \(events.count) described effect \
    \(events.count == 1 ? "event" : "events") not asserted.

    Unasserted:
    \(events.map { "  " + $0 }.joined(separator: "\n"))

    To fix, assert each with `store.effectStarted(…)`, `store.effectCancelled(…)` or \
    `store.effectCommanded(…)`, in this order.
    """
  }

  static func message(describedRunning running: [String]) -> String {
    """
    The test store was released while a described effect was still running. It must be \
    completed or cancelled before the end of the test.

    Still running:
    \(running.map { "  " + $0 }.joined(separator: "\n"))

    To fix, end it with `await store.complete(effect)`, or have the feature cancel it.
    """
  }

  static func message(unasserted: [String]) -> String {
    """
    The test store was released with \(unasserted.count) received \
    \(unasserted.count == 1 ? "action" : "actions") not asserted. Every action an effect feeds \
    back must be asserted before the end of the test.

    Unhandled actions:
    \(unasserted.map { "  " + $0 }.joined(separator: "\n"))

    To fix, assert each with `await store.receive(…)`, or call `await store.skipReceivedActions()` \
    if they are not the subject of this test.
    """
  }

  static func message(running: [String]) -> String {
    """
    The test store was released while an effect it started was still running. Effects must \
    complete before the end of the test.

    Still running, started by:
    \(running.map { "  " + $0 }.joined(separator: "\n"))

    To fix, end the test with `await store.finish()`, which waits for them; cancel an effect \
    with an id, or call `await store.skipInFlightEffects()` if it is not the subject of this test.
    """
  }
}
