import Dispatch

/// The ``EffectExecutor/Policy/concurrent`` policy: jobs run on the global concurrent queue, as
/// in the application, and are counted, so a harness can tell when its effects have settled.
extension EffectExecutor {
  /// How many effect jobs a settling wait lets run before it gives up: an effect that never
  /// waits (a loop of `Task.yield()`) uses them up in about a second, while a busy machine only
  /// makes the same jobs slower, so the bound does not depend on load.
  package static let settlingJobBudget = 250_000

  /// The wall-clock bound of a settling wait, a last resort for an effect job that computes
  /// for a long time without returning.
  package static let settlingTimeLimit = Duration.seconds(60)

  /// What a test is told when its effects did not settle.
  package static let unsettledMessage = """
    The effects did not settle: they ran \(settlingJobBudget) more jobs (or for \(settlingTimeLimit)) \
    without all of them finishing or waiting for outside input.

    An effect that never waits — a loop of `Task.yield()` with no sleep — makes the actions it \
    sends arrive at no defined point. To fix, have it sleep on a clock or wait for input, or \
    cancel it before skipping.
    """

  struct Waiter {
    /// Resumed when `enqueued` reaches this, if not idle before.
    let jobLimit: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  struct Counts {
    /// Jobs enqueued and not yet finished running.
    var pending = 0
    /// Jobs enqueued since the executor was made.
    var enqueued = 0
    /// Waiting for `pending` to reach zero or `enqueued` to reach their limit.
    var waiters: [Waiter] = []
    /// The smallest `jobLimit` among `waiters`.
    var nearestJobLimit = Int.max
    /// Threads blocked until `pending` reaches zero.
    var blockedWaiters: [DispatchSemaphore] = []

    mutating func takeWaiters(where shouldResume: (Waiter) -> Bool) -> [Waiter] {
      let resumed = waiters.filter(shouldResume)
      guard !resumed.isEmpty else { return [] }
      waiters.removeAll(where: shouldResume)
      nearestJobLimit = waiters.map(\.jobLimit).min() ?? .max
      return resumed
    }
  }

  /// Runs `job` on the global concurrent queue, counted.
  func enqueueCounted(_ job: UnownedJob) {
    let overBudget = counts.withLock { counts -> [Waiter] in
      counts.pending += 1
      counts.enqueued += 1
      guard counts.enqueued >= counts.nearestJobLimit else { return [] }
      let enqueued = counts.enqueued
      return counts.takeWaiters { $0.jobLimit <= enqueued }
    }
    for waiter in overBudget { waiter.continuation.resume() }
    DispatchQueue.global().async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      let (idle, blocked) = self.counts.withLock { counts -> ([Waiter], [DispatchSemaphore]) in
        counts.pending -= 1
        guard counts.pending == 0 else { return ([], []) }
        defer { counts.blockedWaiters.removeAll() }
        return (counts.takeWaiters { _ in true }, counts.blockedWaiters)
      }
      for waiter in idle { waiter.continuation.resume() }
      for semaphore in blocked { semaphore.signal() }
    }
  }

  /// Whether no effect job is queued or running, and how many were ever enqueued.
  var snapshot: (isIdle: Bool, enqueued: Int) {
    counts.withLock { ($0.pending == 0, $0.enqueued) }
  }

  /// Blocks the calling thread until no effect job is queued or running, at most `limit`.
  ///
  /// For synchronous code (a `deinit`) that must let effects end a last hop. Never call it from
  /// an effect job: that job counts as running.
  ///
  /// - Parameter limit: The longest the thread is blocked.
  /// - Returns: Whether the executor became idle.
  package func waitUntilIdle(blockingFor limit: Duration) -> Bool {
    let semaphore = DispatchSemaphore(value: 0)
    let idle = counts.withLock { counts -> Bool in
      if counts.pending == 0 { return true }
      counts.blockedWaiters.append(semaphore)
      return false
    }
    if idle { return true }
    // Clamped first (to a century), so no limit, however absurd, overflows on the way to
    // nanoseconds.
    let bounded = min(max(limit, .zero), .seconds(100 * 365 * 24 * 3600))
    let nanoseconds = bounded.components.seconds * 1_000_000_000 + bounded.components.attoseconds / 1_000_000_000
    if semaphore.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success { return true }
    counts.withLock { $0.blockedWaiters.removeAll { $0 === semaphore } }
    return false
  }

  /// Waits until the effects on this executor have settled — every one finished or waiting for
  /// input from outside its own code (a `TestClock` short of its deadline, a gate, a client's
  /// callback) — and returns `true`; returns `false` if they have not once ``settlingJobBudget``
  /// more jobs have run, or `timeout` has passed.
  ///
  /// Settled means: no job queued or running here, and after `isolation` (the feature's actor)
  /// has run everything queued before (an effect's `send` hops there), still none and none newly
  /// enqueued — twice in a row, for work that hops there and back before returning. While jobs
  /// run, it sleeps until the last one ends rather than spinning, so it costs the effects no
  /// processor time. However long other work keeps that actor or the processor busy, only the
  /// job budget and the time limit end the wait early.
  ///
  /// - Parameters:
  ///   - isolation: The feature's actor, where effects deliver their actions.
  ///   - timeout: The time limit.
  package func settle(on isolation: isolated any Actor, timeout: Duration = settlingTimeLimit) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    let jobLimit = snapshot.enqueued + Self.settlingJobBudget
    var quietRounds = 0
    while quietRounds < 2 {
      let before = snapshot
      guard before.enqueued < jobLimit, ContinuousClock.now < deadline else { return false }
      guard before.isIdle else {
        quietRounds = 0
        await untilIdle(jobLimit: jobLimit, deadline: deadline)
        continue
      }
      await Task.yield()
      let after = snapshot
      quietRounds = after.isIdle && before.enqueued == after.enqueued ? quietRounds + 1 : 0
    }
    return true
  }

  /// Returns when no job is queued or running, when `jobLimit` jobs have been enqueued, or at
  /// `deadline` (or earlier: the caller checks again).
  private func untilIdle(jobLimit: Int, deadline: ContinuousClock.Instant) async {
    let timer = Task {
      // Cancelled when the wait ends first; only a reached deadline resumes the waiters.
      guard (try? await Task.sleep(until: deadline)) != nil else { return }
      self.resumeAllWaiters()
    }
    defer { timer.cancel() }
    await withCheckedContinuation { continuation in
      let ready = counts.withLock { counts -> Bool in
        if counts.pending == 0 || counts.enqueued >= jobLimit { return true }
        counts.waiters.append(Waiter(jobLimit: jobLimit, continuation: continuation))
        counts.nearestJobLimit = min(counts.nearestJobLimit, jobLimit)
        return false
      }
      if ready { continuation.resume() }
    }
  }

  private func resumeAllWaiters() {
    let waiters = counts.withLock { $0.takeWaiters { _ in true } }
    for waiter in waiters { waiter.continuation.resume() }
  }
}
