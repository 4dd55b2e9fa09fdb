import Synchronization

extension TestClock {
  typealias Continuation = CheckedContinuation<Void, any Error>

  /// How far a task woken by `advance` has got.
  enum WakeProgress: UInt8, AtomicRepresentable {
    /// The task has not yet returned from `sleep`.
    case waitingToRun
    /// The task returned from `sleep` and has not slept on this clock again.
    case running
    /// The task is suspended in `sleep` again, with a later deadline.
    case sleepingAgain
  }

  /// The progress of one sleeper's task after it is woken, readable without taking the clock's
  /// lock, so that `advance` can poll it without contending with the tasks it waits for.
  final class WakeSignal: Sendable {
    private let progress = Atomic(WakeProgress.waitingToRun)

    var current: WakeProgress { progress.load(ordering: .acquiring) }

    func recordResumed() {
      _ = progress.compareExchange(
        expected: .waitingToRun,
        desired: .running,
        ordering: .acquiringAndReleasing
      )
    }

    func recordSleepingAgain() {
      progress.store(.sleepingAgain, ordering: .releasing)
    }
  }

  /// The clock's time and its suspended sleepers, changed only under the clock's mutex.
  ///
  /// Each mutating method decides what must happen to a continuation and returns it; the clock
  /// resumes continuations after releasing the lock.
  struct StateMachine {
    struct Sleeper {
      let id: UInt64
      let deadline: Instant
      let continuation: Continuation
      /// The hash of the sleeping task's `UnsafeCurrentTask`, so that `advance` can tell when the
      /// same task sleeps again.
      let task: Int?
      let signal: WakeSignal
    }

    enum RegistrationAction {
      /// The sleeper was stored; it resumes when the clock is advanced to its deadline (at once
      /// by the next `advance` if the deadline has already passed).
      case suspend
      /// The task was cancelled before it could be stored: resume throwing `CancellationError`.
      case cancel(Continuation)
    }

    private(set) var now: Instant
    /// Suspended sleepers, in registration order.
    private var sleepers: [Sleeper] = []
    /// The tasks that `advance` woke and is still watching, by sleeper id.
    private var watchedWakes: [UInt64: (task: Int, signal: WakeSignal)] = [:]

    init(now: Instant) {
      self.now = now
    }

    var pendingSleeperCount: Int { sleepers.count }

    /// The earliest deadline among suspended sleepers.
    var nextDeadline: Instant? { sleepers.lazy.map(\.deadline).min() }

    /// Stores a sleeper unless its task is already cancelled or its deadline has passed.
    ///
    /// A cancellation handler that ran before this call found nothing to cancel; `isCancelled`
    /// is read under the same lock, so such a cancellation is seen here instead.
    mutating func register(_ sleeper: Sleeper, isCancelled: Bool) -> RegistrationAction {
      if isCancelled { return .cancel(sleeper.continuation) }
      // A deadline already reached still waits for the next `advance` or `run`, as swift-clocks'
      // `TestClock` does: "sleep for zero" yields to the test, which decides when time moves.
      sleepers.append(sleeper)
      if let task = sleeper.task {
        for wake in watchedWakes.values where wake.task == task {
          wake.signal.recordSleepingAgain()
        }
      }
      return .suspend
    }

    /// Removes a cancelled sleeper, returning its continuation if it was still suspended.
    mutating func cancel(id: UInt64) -> Continuation? {
      guard let offset = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
      return sleepers.remove(at: offset).continuation
    }

    /// Removes the earliest sleeper due by `target` (ties in registration order) and moves `now`
    /// to its deadline; when none is due, moves `now` to `target` and returns `nil`.
    ///
    /// `now` never moves backwards. The woken sleeper's task is watched until `stopWatching`.
    mutating func wakeNext(through target: Instant) -> Sleeper? {
      var earliest: Int?
      for offset in sleepers.indices where sleepers[offset].deadline <= target {
        if let current = earliest, sleepers[current].deadline <= sleepers[offset].deadline {
          continue
        }
        earliest = offset
      }
      guard let earliest else {
        now = max(now, target)
        return nil
      }
      let sleeper = sleepers.remove(at: earliest)
      now = max(now, sleeper.deadline)
      if let task = sleeper.task {
        watchedWakes[sleeper.id] = (task, sleeper.signal)
      }
      return sleeper
    }

    mutating func stopWatching(wake id: UInt64) {
      watchedWakes[id] = nil
    }
  }
}
