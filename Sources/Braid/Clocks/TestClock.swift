import Synchronization

/// A clock whose time stands still until a test moves it, for testing code that sleeps.
///
/// Inject a `TestClock` wherever a feature takes `some Clock<Duration>` or `any Clock<Duration>`,
/// then move time with ``advance(by:)``, ``advance(to:)`` or ``run(limit:fileID:line:)``.
/// Sleepers wake in deadline order, and ``now`` reads each sleeper's deadline while it resumes,
/// so the test runs in microseconds and always the same way:
///
/// ```swift
/// @MainActor
/// @Test func timerTicksEverySecond() async {
///   let clock = TestClock()
///   let model = TimerModel(clock: clock)  // init(clock: some Clock<Duration>)
///   model.startButtonTapped()             // starts a task sleeping one second at a time
///   await clock.advance(by: .seconds(5))
///   #expect(model.ticks == 5)
///   model.stopButtonTapped()
/// }
/// ```
///
/// ## Letting woken tasks run
///
/// Swift concurrency gives no way to wait until other tasks are idle. Where Braid counts the
/// work of effects, `advance` waits for exactly that work; elsewhere it gives other tasks turns.
///
/// **Counted: effects of the stores a test makes.** Before it looks for sleepers, and after each
/// wake-up, ``advance(to:)`` (and ``run(limit:fileID:line:)``, ``checkSuspension()``) waits
/// until those effects have *settled*: each one finished, or waiting on a clock, a
/// continuation or other outside input, with the actions it sent delivered. An effect started
/// just before `advance` has then reached its first `sleep`, however many hops that took. This
/// holds for
/// - a `TestStore` whose `continuousClock` or `suspendingClock` dependency is this clock, and
/// - every `Store` and `TestStore` made in a test with the `.checksStoreLeaks` trait, whatever
///   clock it was handed, as long as `advance` is called from the test itself.
///
/// **Given turns: everything else.** A task the test made itself, a store made outside such a
/// test, and an unstructured `Task {}` that an effect starts (it does not inherit the effect's
/// executor, so its work is not counted) get turns instead:
/// - Before looking for sleepers, `advance` gives other tasks 4 turns, each a `Task.yield()`
///   followed by a hop to the main actor.
/// - After waking a sleeper, it waits until the task has returned from `sleep`, then gives it up
///   to 32 turns, stopping as soon as the same task sleeps on this clock again. A timer loop is
///   therefore woken once per period however many hops each tick takes.
/// Such a task can still be short of its `sleep` when `advance` looks, on a loaded machine;
/// wait for it first with ``waitForSleepers(_:timeout:)``.
///
/// The tolerance passed to `sleep` is ignored.
public final class TestClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A point in a test clock's time: a duration since the clock's zero.
  public typealias Instant = OffsetInstant<Duration>

  /// How many turns `advance` gives other tasks before looking for sleepers.
  static var settlingTurns: Int { 4 }
  /// How many times `advance` yields at most while a woken task waits to be scheduled.
  static var maximumYieldsUntilResumed: Int { 100_000 }
  /// How many turns `advance` gives a woken task at most to sleep again.
  static var maximumTurnsWhileRunning: Int { 32 }

  private let state: SanitizerVisibleMutex<StateMachine>
  /// Mirrors the number of suspended sleepers (written under `state`'s lock), so that polling
  /// ``pendingSleepers`` never contends for the lock.
  private let pendingSleeperCount = Atomic(0)
  private let nextSleeperID = Atomic<UInt64>(0)
  /// Waits that tell when the work a wake-up set off has settled (see `TestClock+Settlers`).
  let settlers = SanitizerVisibleMutex(Settlers())
  /// Tasks waiting for a number of sleepers (see `TestClock+SleeperWaits`).
  let sleeperWaits = SanitizerVisibleMutex(SleeperWaits())

  /// Creates a test clock whose time starts at `now` (``init()`` does for `Swift.Duration`).
  ///
  /// - Parameter now: The starting instant.
  public init(now: Instant) {
    state = SanitizerVisibleMutex(StateMachine(now: now))
  }

  /// The clock's current instant, which changes only when a test advances the clock.
  ///
  /// Read while a store with an inspector reduces, it is reported as a
  /// ``DependencyRead/clockNow(_:)``, so that a recording's replay gives it back.
  public var now: Instant {
    let now = state.withLock { $0.now }
    if let offset = now.offset as? Swift.Duration { ReducerDependencyReads.report(.clockNow(offset)) }
    return now
  }

  /// The smallest step the clock measures: zero, since it only moves when told to.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks suspended in ``sleep(until:tolerance:)``.
  ///
  /// Useful to check that a feature has started — or stopped — its timers; to wait for them
  /// to start, use ``waitForSleepers(_:timeout:)``.
  public var pendingSleepers: Int {
    pendingSleeperCount.load(ordering: .acquiring)
  }

  /// Suspends the calling task until the clock is advanced to `deadline`.
  ///
  /// Suspends even when `deadline` has passed, until the next ``advance(by:)`` (`advance()`
  /// wakes it without moving time) or ``run(limit:fileID:line:)``, as swift-clocks' does.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` as soon as the task is cancelled, including when it was
  ///   cancelled before calling this method; the sleeper is then forgotten.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = nextSleeperID.add(1, ordering: .relaxed).oldValue
    let task = withUnsafeCurrentTask { $0?.hashValue }
    let signal = WakeSignal()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: Continuation) in
        let sleeper = StateMachine.Sleeper(
          id: id,
          deadline: deadline,
          continuation: continuation,
          task: task,
          signal: signal
        )
        let action = withState { $0.register(sleeper, isCancelled: Task.isCancelled) }
        switch action {
        case .suspend: break
        case .cancel(let continuation): continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      withState { $0.cancel(id: id) }?.resume(throwing: CancellationError())
    }
    signal.recordResumed()
  }

  /// Moves time forward by `duration`, waking every sleeper due by then in deadline order.
  ///
  /// Equivalent to `advance(to: now.advanced(by: duration))`; see ``advance(to:)``. With the
  /// default of zero it wakes nothing new but lets recently started tasks reach their sleeps.
  ///
  /// - Parameter duration: How far to move; a negative duration wakes nothing.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline`, waking every sleeper due by then in deadline order.
  ///
  /// Sleepers with equal deadlines wake in the order they started sleeping. Before resuming a
  /// sleeper the clock sets ``now`` to that sleeper's deadline, then lets the woken task run (see
  /// "Letting woken tasks run" above), so a sleeper registered meanwhile with a deadline up to
  /// `deadline` is woken by this same call: advancing five seconds ticks a one-second timer five
  /// times. Afterwards ``now`` equals `deadline`.
  ///
  /// - Parameter deadline: The instant to move to; an instant before ``now`` wakes nothing and
  ///   leaves ``now`` unchanged.
  public func advance(to deadline: Instant) async {
    await giveOtherTasksTurns(Self.settlingTurns)
    await settleRegisteredWork()
    while let sleeper = withState({ $0.wakeNext(through: deadline) }) {
      sleeper.continuation.resume()
      await letWokenTaskRun(sleeper)
      await settleRegisteredWork()
    }
  }

  /// Moves time forward to `deadline` as ``advance(to:)`` does, but lets woken tasks run by
  /// awaiting `settle` alone, before it looks for sleepers and after each wake-up, on the
  /// caller's actor: for a caller that runs the effects' jobs itself, in a defined order, and
  /// knows when they are done (an exploration's walk).
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to; an instant before ``now`` wakes nothing.
  ///   - isolation: The caller's actor, where `settle` runs.
  ///   - settle: Returns once the work a wake-up set off is done.
  package func advance(
    to deadline: Instant, isolation: isolated (any Actor)? = #isolation, settlingWith settle: () async -> Void
  ) async {
    await settle()
    while let sleeper = withState({ $0.wakeNext(through: deadline) }) {
      sleeper.continuation.resume()
      await settle()
      state.withLock { $0.stopWatching(wake: sleeper.id) }
    }
  }

  /// Waits until the task just woken sleeps on this clock again, or has had a bounded number of
  /// turns to run, whichever comes first.
  private func letWokenTaskRun(_ sleeper: StateMachine.Sleeper) async {
    var yieldsWaiting = 0
    var turnsRunning = 0
    progress: while true {
      switch sleeper.signal.current {
      case .waitingToRun where yieldsWaiting < Self.maximumYieldsUntilResumed:
        yieldsWaiting += 1
        await Task.yield()
      case .running where turnsRunning < Self.maximumTurnsWhileRunning:
        turnsRunning += 1
        await giveOtherTasksTurns(1)
      default:
        break progress
      }
    }
    state.withLock { $0.stopWatching(wake: sleeper.id) }
  }

  /// The earliest deadline a task sleeping on the clock waits for, or `nil` when none sleeps.
  ///
  /// Tells *when* a feature means to wake, where ``pendingSleepers`` tells only *whether*: a
  /// retry's backoff, say, without advancing the clock to find out.
  ///
  /// ```swift
  /// await clock.waitForSleepers(1)
  /// #expect(clock.nextDeadline == clock.now.advanced(by: .seconds(2)))
  /// ```
  public var nextDeadline: Instant? {
    state.withLock { $0.nextDeadline }
  }

  /// Runs `body` on the state under its lock and refreshes the mirrored sleeper count.
  private func withState<Result>(
    _ body: (inout StateMachine) -> sending Result
  ) -> sending Result {
    let result = state.withLock { state in
      let result = body(&state)
      pendingSleeperCount.store(state.pendingSleeperCount, ordering: .releasing)
      return result
    }
    resumeSleeperWaits()
    return result
  }

  /// Lets other work run `count` times: each turn yields the current executor and then waits
  /// for the main actor, where stores process the actions that woken effects send.
  func giveOtherTasksTurns(_ count: Int) async {
    for _ in 0..<count {
      await Task.yield()
      await MainActor.run {}
    }
  }
}

extension TestClock where Duration == Swift.Duration {
  /// Creates a test clock measuring `Swift.Duration`, starting at zero.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let model = TimerModel(clock: clock)  // init(clock: some Clock<Duration>)
  /// ```
  public convenience init() {
    self.init(now: Instant(offset: .zero))
  }
}

extension TestClock: ZeroOffsetClock where Duration == Swift.Duration {
  var offsetFromZero: Swift.Duration { state.withLock { $0.now }.offset }
}
