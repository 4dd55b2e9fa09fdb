import Dispatch

/// The executor effect tasks run on when a harness drives a feature: a `TestStore`, a store
/// made in a test that tracks its stores, replay, or an exploration. One type, two policies:
///
/// - ``Policy/concurrent``: the global concurrent queue, as in the application, counting the
///   jobs queued or running, so that a harness can tell when its effects have settled
///   (``settle(on:timeout:)``). `TestStore` and replay run this way.
/// - ``Policy/serial``: jobs only wait in a queue until the harness runs them itself, one at a
///   time, in the order they were queued, on the main actor (``runUntilSettled()``). Nothing
///   runs on another thread, so the same steps interleave their effects the same way on one
///   core or on many, and an exploration's seed gives the same walk everywhere.
///
/// Every piece of an effect's own code is a job here: its start, and each resumption after an
/// `await` (a `TestClock` sleep ending, a continuation resumed, a `Task.yield()`, a return from
/// `send`). Code isolated to another actor runs on that actor, and is outside input like a
/// network reply.
package final class EffectExecutor: TaskExecutor, Sendable {
  /// How an executor runs its jobs.
  package enum Policy: Sendable {
    /// On the global concurrent queue, counted.
    case concurrent
    /// Queued, and run by ``EffectExecutor/runUntilSettled()`` on the main actor.
    case serial
  }

  package let policy: Policy
  /// The concurrent policy's counts.
  let counts = SanitizerVisibleMutex(Counts())
  /// The serial policy's queue.
  let serialQueue = SanitizerVisibleMutex(SerialQueue())

  package init(_ policy: Policy = .concurrent) {
    self.policy = policy
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    switch policy {
    case .concurrent: enqueueCounted(job)
    case .serial: enqueueSerially(job)
    }
  }
}
