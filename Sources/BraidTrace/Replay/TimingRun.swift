import Braid

/// The effects of a ``TraceTimingCheck``: each step's replayed effect started in a store of its
/// own whose effects are described, except the timing operators' waits, which run on a
/// `TestClock`; and the starts it made, matched one by one with the recorded ones.
@MainActor
struct TimingRun<Action: Codable & Sendable> {
  private struct Nothing {}

  private let clock = TestClock<Duration>()
  private let executor = EffectExecutor()
  /// Client commands are not the check's: the mount hooks that create their resources are not
  /// replayed, so a command would find none and report it.
  private let record = DescribedEffects<Action>(ignoresCommands: true)
  /// The effect the store's reducer returns next: the replayed step's.
  private let next = SanitizerVisibleMutex<Effect<Action>>(.none)
  private let store: HarnessStore<Nothing, Action>
  /// The replay's starts not yet matched with a recorded one, with the time each was made at (in
  /// nanoseconds, as a trace's times are).
  private var pending: [(effect: DescribedEffect, time: Int64)] = []
  /// The replay's effect for each recorded one it stands for.
  private var replayed: [TraceEffectNumber: DescribedEffect] = [:]
  /// The recorded effects a timing operator built.
  private var timed: Set<TraceEffectNumber> = []
  /// The event numbers of the recorded actions replayed so far.
  private var actions: Set<UInt64> = []

  init(reads: RecordedReads) {
    reads.runTiming(on: clock)
    let next = self.next
    store = HarnessStore(
      initialState: { Nothing() },
      functions: { Reduce<Nothing, Action> { _, _ in next.withLock { $0 } }.makeFunctions() },
      prepareDependencies: { _ in },
      effects: .described(into: record, runningTiming: true, parkedOn: executor),
      isolation: MainActor.shared)
    store.mount()
  }

  /// How close before an action a wait may end and still be taken to have lost the race with
  /// it: a live clock's task wakes a little after its deadline, so an action reduced in that
  /// moment can cancel a wait whose deadline had passed.
  static var wakeUpLatency: Duration { .milliseconds(2) }

  /// Moves the clock on to `time` (nanoseconds, the trace's), letting each wait due by then end
  /// and start what it delays; before an action, a wait due within ``wakeUpLatency`` before it is
  /// left waiting, as the recording's had not woken (had it, what it started would be recorded
  /// before the action, and matched first).
  mutating func advance(to time: Int64, beforeAnAction: Bool) async {
    let target = Duration.nanoseconds(time)
    var stop = target
    while beforeAnAction, let deadline = clock.nextDeadline?.offset, deadline < target {
      if deadline >= target - Self.wakeUpLatency {
        stop = max(clock.now.offset, deadline - .nanoseconds(1))
        break
      }
      await advance(toOffset: deadline)
    }
    await advance(toOffset: stop)
  }

  private mutating func advance(toOffset offset: Duration) async {
    let executor = self.executor
    await clock.advance(to: OffsetInstant(offset: offset)) {
      _ = await executor.settle(on: MainActor.shared)
    }
    collect()
  }

  /// Starts the effect the replayed reducer returned for `action`, the recorded event number
  /// `sequence`.
  mutating func start(_ effect: Effect<Action>, for action: Action, sequence: UInt64?) {
    if let sequence { actions.insert(sequence) }
    next.withLock { $0 = effect }
    _ = store.send(action)
    collect()
  }

  /// Matches a recorded start with the replay's next, when the replay stands for it (an action
  /// returned it, or a wait the replay ran started it); returns what differs.
  mutating func match(
    _ effect: TraceEffectNumber, kind: String, ids: [String], by: UInt64?, parent: TraceEffectNumber?,
    timing: TraceEvent.Timing?, at time: Int64?
  ) -> String? {
    let expectedLabel: String?
    if let parent {
      guard timed.contains(parent), let wait = replayed[parent] else { return nil }
      expectedLabel = "effect #\(wait.number)"
    } else {
      guard let by, actions.contains(by) else { return nil }
      expectedLabel = nil
    }
    let when = time.map { " at \(TraceEvent.Timing.milliseconds($0))" } ?? ""
    let recorded =
      "the recording started effect \(effect) (\(EffectPart(kind: kind, ids: ids, timing: timing?.effectTiming)))\(when)"
    guard !pending.isEmpty else {
      let waiting = parent.flatMap { replayed[$0]?.timing }.map { ", as its wait (\($0)) ended" } ?? ""
      return "\(recorded)\(waiting); the replay started none by then"
    }
    let (started, startedAt) = pending.removeFirst()
    let byWait = started.startedBy.hasPrefix("effect #")
    guard
      started.kind.rawValue == kind, started.cancellationIDs == ids, started.timing == timing?.effectTiming,
      expectedLabel.map({ $0 == started.startedBy }) ?? !byWait
    else {
      return "\(recorded); the replay started \(started) at \(TraceEvent.Timing.milliseconds(startedAt)) instead"
    }
    replayed[effect] = started
    if timing != nil { timed.insert(effect) }
    return nil
  }

  /// Ends the replay's stand-in for a recorded effect that finished, unless it is a wait, which
  /// ends by itself.
  func finish(_ effect: TraceEffectNumber) {
    guard !timed.contains(effect), let stand = replayed[effect] else { return }
    if case .success(let subscriber) = record.complete(stand) { subscriber.send(completion: .finished) }
  }

  /// The replay's oldest start that no recorded one matched, said as a divergence.
  mutating func unmatchedStart() -> String? {
    collect()
    guard let (started, time) = pending.first else { return nil }
    return "the replay started \(started) at \(TraceEvent.Timing.milliseconds(time)), which the recording did not"
  }

  /// Takes the starts the replay made since the last call.
  private mutating func collect() {
    let (seconds, attoseconds) = clock.now.offset.components
    let now = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    for event in record.unasserted {
      if case .started(let effect) = event { pending.append((effect, now)) }
    }
    record.removeAllUnasserted()
  }
}
