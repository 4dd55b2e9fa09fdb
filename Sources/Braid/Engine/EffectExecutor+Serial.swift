import Dispatch

/// The ``EffectExecutor/Policy/serial`` policy: jobs wait in a queue, and the harness (an
/// exploration's walk) runs them itself, one at a time, in the order they were queued, on the
/// main actor's thread.
///
/// Once the harness is done (``detach()``), the executor runs what is still queued, and every
/// job after, on the global queue: an effect that outlived its walk (a violation the walk
/// reported) and is resumed later still runs to its end instead of waiting in a queue nobody
/// runs.
extension EffectExecutor {
  /// How many jobs one ``runUntilSettled()`` runs before it gives up: an effect that never waits (a loop
  /// of `Task.yield()`) would otherwise keep a walk from ever taking its next step. A step of
  /// the example features settles in tens of jobs; shrinking reruns a stuck sequence many
  /// times, so the budget is kept small.
  package static let serialSettlingJobBudget = 10_000

  struct SerialQueue {
    var jobs: [UnownedJob] = []
    /// Jobs queued since the executor was made.
    var enqueued = 0
    /// ``enqueued`` when the last settling ended.
    var settledAt = 0
    /// Whether the walk is over, and jobs run on the global queue.
    var isDetached = false
  }

  /// Queues `job` for ``runUntilSettled()``; once detached, runs it on the global queue.
  func enqueueSerially(_ job: UnownedJob) {
    let isDetached = serialQueue.withLock { queue -> Bool in
      guard !queue.isDetached else { return true }
      queue.jobs.append(job)
      queue.enqueued += 1
      return false
    }
    if isDetached { runOnGlobalQueue(job) }
  }

  /// Ends the harness's hold on its effects: what is queued, and every job after, runs on the
  /// global queue.
  package func detach() {
    let left = serialQueue.withLock { queue -> [UnownedJob] in
      queue.isDetached = true
      defer { queue.jobs.removeAll() }
      return queue.jobs
    }
    for job in left { runOnGlobalQueue(job) }
  }

  private func runOnGlobalQueue(_ job: UnownedJob) {
    DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }

  /// Runs the queued jobs, and those they queue, oldest first, until none is left or `limit`
  /// have run; returns how many ran.
  @MainActor
  private func runQueued(limit: Int) -> Int {
    var ran = 0
    while ran < limit {
      // Taken in batches, oldest first; the jobs a batch queues run in the next one.
      let batch = serialQueue.withLock { queue -> [UnownedJob] in
        let count = min(queue.jobs.count, limit - ran)
        defer { queue.jobs.removeFirst(count) }
        return Array(queue.jobs.prefix(count))
      }
      guard !batch.isEmpty else { break }
      for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
      ran += batch.count
    }
    return ran
  }

  /// Runs jobs until the effects have settled — every one finished or waiting for something
  /// outside its own code (a `TestClock` short of its deadline) — and returns `true`, or returns
  /// `false` once ``serialSettlingJobBudget`` jobs have run without that.
  ///
  /// Settled means no job queued here, and after the main actor has run what was queued there
  /// (an effect's `send` hops to the store there), still none, twice in a row. When no job was
  /// queued since the last settling ended, the effects are still settled: the step started,
  /// cancelled and woke nothing (the sign-up exploration's row in braid-bench counts on it).
  @MainActor
  package func runUntilSettled() async -> Bool {
    if serialQueue.withLock({ $0.jobs.isEmpty && $0.enqueued == $0.settledAt }) { return true }
    defer { serialQueue.withLock { $0.settledAt = $0.enqueued } }
    var budget = Self.serialSettlingJobBudget
    var quietRounds = 0
    while quietRounds < 2 {
      let ran = runQueued(limit: budget)
      budget -= ran
      guard budget > 0 else { return false }
      // The main actor's queue is first in, first out: the store's work that the jobs queued
      // there runs before this task resumes.
      await Task.yield()
      quietRounds = ran == 0 && serialQueue.withLock(\.jobs.isEmpty) ? quietRounds + 1 : 0
    }
    return true
  }
}
