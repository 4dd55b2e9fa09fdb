import Braid
import Dispatch

/// The executor a ``TestStore``'s effect tasks run on: the global concurrent queue, as in the
/// application, but counting the jobs queued or running, so the test store can tell when its
/// effects have settled.
///
/// Every piece of an effect's own code is a job here: its start, and each resumption after an
/// `await` (a `TestClock` sleep ending, a continuation resumed, a `Task.yield()`, a return from
/// `send`). Code isolated to another actor runs on that actor, and is outside input like a
/// network reply.
package final class EffectExecutor: TaskExecutor, Sendable {
  private struct Counts {
    /// Jobs enqueued and not yet finished running.
    var pending = 0
    /// Jobs enqueued since the executor was made.
    var enqueued = 0
    /// Waiting for `pending` to reach zero.
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
  }

  private let counts = SanitizerVisibleMutex(Counts())
  private let queue = DispatchQueue.global()

  package init() {}

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    counts.withLock {
      $0.pending += 1
      $0.enqueued += 1
    }
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      let waiters = self.counts.withLock { counts -> [CheckedContinuation<Void, Never>] in
        counts.pending -= 1
        guard counts.pending == 0 else { return [] }
        defer { counts.idleWaiters.removeAll() }
        return counts.idleWaiters
      }
      for waiter in waiters { waiter.resume() }
    }
  }

  /// Whether no effect job is queued or running, and how many were ever enqueued.
  var snapshot: (isIdle: Bool, enqueued: Int) {
    counts.withLock { ($0.pending == 0, $0.enqueued) }
  }

  /// Waits until the effects on this executor have settled — every one finished or waiting for
  /// input from outside its own code (a `TestClock` short of its deadline, a gate, a client's
  /// callback) — or `timeout` passes.
  ///
  /// Settled means: no job queued or running here, and after the main actor has run everything
  /// queued before (an effect's `send` hops there), still none and none newly enqueued — twice
  /// in a row, for work that hops main → main before returning. While jobs run, it sleeps until
  /// the last one ends rather than spinning, so it costs the effects no processor time.
  @MainActor
  package func settle(timeout: Duration) async {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var quietRounds = 0
    while quietRounds < 2, ContinuousClock.now < deadline {
      let before = snapshot
      guard before.isIdle else {
        quietRounds = 0
        await untilIdle(deadline: deadline)
        continue
      }
      await Task.yield()
      let after = snapshot
      quietRounds = after.isIdle && before.enqueued == after.enqueued ? quietRounds + 1 : 0
    }
  }

  /// Returns when no job is queued or running, or at `deadline`.
  private func untilIdle(deadline: ContinuousClock.Instant) async {
    let timer = Task {
      try? await Task.sleep(until: deadline)
      self.resumeIdleWaiters()
    }
    defer { timer.cancel() }
    await withCheckedContinuation { continuation in
      let idle = counts.withLock { counts -> Bool in
        if counts.pending == 0 { return true }
        counts.idleWaiters.append(continuation)
        return false
      }
      if idle { continuation.resume() }
    }
  }

  private func resumeIdleWaiters() {
    let waiters = counts.withLock { counts -> [CheckedContinuation<Void, Never>] in
      defer { counts.idleWaiters.removeAll() }
      return counts.idleWaiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
