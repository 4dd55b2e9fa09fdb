import Braid

/// One walk of an explored feature from its initial state, stepped on the main actor.
///
/// With described effects nothing of an effect runs, so a walk is as fast and as repeatable as
/// its reducer. With running effects, their tasks' jobs wait on the walk's own executor and run
/// when the walk settles them, after each step, in the order they were queued.
@MainActor
final class ExplorationWalk<State, Action: Sendable> {
  /// Where every walk's described subscriptions park their tasks; they never run an effect.
  private static var describedExecutor: EffectExecutor { sharedExecutor }

  private let core: HarnessStore<State, Action>
  private let described = DescribedEffects<Action>()
  /// Set when effects run: the queue of their tasks' jobs.
  private let executor: EffectExecutor?
  /// Set when effects run: the effects running, as the invariants see them.
  private let runningEffects: ExplorationRunningEffects?
  /// The walk's clock: its `continuousClock` and `suspendingClock`, moved by time steps.
  private let clock = TestClock()
  /// The state when each described effect started, by effect number: what its answers see.
  private(set) var startStates: [Int: State] = [:]
  /// The cancellation ids of each effect that started, as printed, in start order.
  private(set) var started: [[String]] = []
  private let issues = SanitizerVisibleMutex<[String]>([])
  /// Set when a step's effects did not settle, until it is taken.
  private var unsettled: String?
  /// Whether the effects once did not settle: the walk no longer runs their jobs, which would
  /// spend the budget again at every step.
  private var isStuck = false
  private let reductions: ReductionLog<State, Action>
  private let answers: (DescribedEffect, State) -> EffectAnswer<Action>

  init(_ exploration: Exploration<State, Action>, inspector: StoreInspector<State, Action>? = nil) {
    let clock = self.clock
    let effects: HarnessEffects<Action>
    switch exploration.effects {
    case .described(let answers, _):
      self.answers = answers
      executor = nil
      runningEffects = nil
      effects = .described(into: described, parkedOn: Self.describedExecutor)
    case .run:
      answers = { _, _ in .never }
      let running = ExplorationRunningEffects()
      let executor = EffectExecutor(.serial)
      self.executor = executor
      runningEffects = running
      effects = .running(on: executor, observer: running.observer(startedBy:))
    }
    let reductions = ReductionLog<State, Action>(from: exploration.initialState)
    self.reductions = reductions
    core = HarnessStore(
      initialState: { exploration.initialState }, functions: exploration.makeFunctions,
      prepareDependencies: {
        $0.continuousClock = clock
        $0.suspendingClock = clock
        exploration.prepareDependencies(&$0)
      },
      effects: effects, isolation: MainActor.shared, inspector: inspector, reduced: reductions.append)
  }

  deinit {
    // A walk dropped before its end (a trace that could not be written): its effects' jobs are
    // not left in a queue nobody runs.
    executor?.detach()
  }

  /// Mounts the feature and lets the effects its mount started settle.
  func mount() async {
    capturingIssues { core.mount() }
    await settle()
    noteStarts()
  }

  /// The current state.
  var state: State { core.state }

  /// The effects running now, oldest first: described, or running on the walk's executor.
  var running: [DescribedEffect] { runningEffects?.running ?? described.running }

  /// What went wrong outside the feature's rules since the last call, and clears it: effects
  /// that did not settle, or the first issue Braid reported.
  func takeFailure() -> String? {
    let issues = issues.withLock { issues in
      defer { issues.removeAll() }
      return issues
    }
    defer { unsettled = nil }
    return unsettled ?? issues.first.map { "Braid reported an issue: \($0)" }
  }

  /// The actions reduced since the last call, each with the states around it, in order: the
  /// step's own action, and what effects sent back.
  func takeReductions() -> [(before: State, action: Action, after: State)] {
    reductions.take()
  }

  /// Performs `step` and returns it as performed (an answer made from its effect's start), or
  /// `nil`, doing nothing, for an answer whose effect is not running or answers nothing. When
  /// effects run, it returns once they have settled.
  ///
  /// An answer is reduced at once, as if sent from outside; with `throughEffect` it goes
  /// through the effect's own subscriber instead, as the effect would have sent it (a trace
  /// then says which effect sent it), and is reduced once the caller lets the store's tasks
  /// run.
  func perform(_ step: ExplorationStep<Action>, throughEffect: Bool = false) async -> ExplorationStep<Action>? {
    var performed = step
    switch step.kind {
    case .send(let action):
      capturingIssues { _ = core.send(action) }
    case .advance(let duration):
      await capturingIssuesAsync {
        await clock.advance(to: clock.now.advanced(by: duration)) { await self.settle() }
      }
    case .answer(let ids, var action, var finishes):
      guard let effect = running.last(where: { $0.cancellationIDs == ids }) else { return nil }
      if let choice = step.choice {
        guard let answer = answer(of: effect, choice: choice) else { return nil }
        (action, finishes) = answer
        performed = ExplorationStep(.answer(ids: ids, action, finishes: finishes), choice: choice)
      }
      if throughEffect, case (_, let subscriber)? = described.entry(for: effect) {
        subscriber.send(action)
      } else {
        // Reduced at once, before anything else, as the effect's answer would be.
        capturingIssues { _ = core.send(action) }
      }
      if finishes, case .success(let subscriber) = described.complete(effect) {
        subscriber.send(completion: .finished)
      }
    }
    await settle()
    noteStarts()
    return performed
  }

  /// The possible answers of each running effect that answers at all, with whether an answer
  /// finishes it: what the exploration picks from.
  var answerable: [(effect: DescribedEffect, count: Int)] {
    running.compactMap { effect in
      switch startStates[effect.number].map({ answers(effect, $0) }) {
      case .once(let candidates)? where !candidates.isEmpty: (effect, candidates.count)
      case .repeatedly(let candidates)? where !candidates.isEmpty: (effect, candidates.count)
      default: nil
      }
    }
  }

  /// The step that gives `effect` its answer number `choice`; the answer is made again from the
  /// effect's start state whenever the step runs.
  func answerStep(of effect: DescribedEffect, choice: Int) -> ExplorationStep<Action>? {
    answer(of: effect, choice: choice).map { action, finishes in
      ExplorationStep(.answer(ids: effect.cancellationIDs, action, finishes: finishes), choice: choice)
    }
  }

  /// Answer number `choice` (modulo their count) of `effect`, made from its start state.
  private func answer(of effect: DescribedEffect, choice: Int) -> (Action, finishes: Bool)? {
    guard let state = startStates[effect.number] else { return nil }
    switch answers(effect, state) {
    case .once(let candidates) where !candidates.isEmpty: return (candidates[choice % candidates.count], true)
    case .repeatedly(let candidates) where !candidates.isEmpty: return (candidates[choice % candidates.count], false)
    default: return nil
    }
  }

  /// Dismounts the feature, as its store's release would, cancelling what still runs, and
  /// returns what went wrong on the way: running effects that did not settle, or one that
  /// outlived the dismount.
  func finish() async -> String? {
    capturingIssues { _ = core.dismount() }
    // Once more even after effects got stuck: the dismount cancelled them, and an effect that
    // only loops until cancelled ends now rather than staying queued for good.
    let failure = takeFailure()
    isStuck = false
    await settle()
    defer { executor?.detach() }
    if let failure = failure ?? takeFailure() { return failure }
    noteStarts()
    // The oldest only: the violation's name must not change as shrinking removes the others.
    guard let leaked = runningEffects?.running.first else { return nil }
    return "an effect still ran after the feature dismounted: \(leaked)"
  }

  /// Runs the effects' jobs until they settle, when effects run; returns a violation when they
  /// do not within the executor's budget.
  private func settle() async {
    guard let executor, !isStuck else { return }
    if await !capturingIssuesAsync({ await executor.runUntilSettled() }) {
      isStuck = true
      unsettled =
        "the effects did not settle: \(EffectExecutor.serialSettlingJobBudget) of their jobs ran without all of them finishing or waiting for the clock"
    }
  }

  private func capturingIssues<R>(_ body: () -> R) -> R {
    let issues = self.issues
    return IssueReporting.withIssueHandler({ issue in issues.withLock { $0.append(issue.message) } }, operation: body)
  }

  private func capturingIssuesAsync<R>(_ body: () async -> R) async -> R {
    let issues = self.issues
    return await IssueReporting.withIssueHandler(
      { issue in issues.withLock { $0.append(issue.message) } }, operation: body)
  }

  /// Remembers the state each newly started effect's answers see, and its ids.
  private func noteStarts() {
    if let runningEffects {
      started += runningEffects.takeStarted()
      return
    }
    while let event = described.removeFirstUnasserted() {
      guard case .started(let effect) = event else { continue }
      startStates[effect.number] = core.state
      started.append(effect.cancellationIDs)
    }
  }
}

/// The actions a walk's store reduced, with the states around each: fed by its harness's
/// reduction log, on the main actor, and read after each step.
private final class ReductionLog<State, Action: Sendable> {
  private var entries: [(before: State, action: Action, after: State)] = []
  /// The state the last action left: the next one's state before.
  private var last: State

  init(from initialState: State) {
    last = initialState
  }

  func append(_ action: Action, after: State) {
    entries.append((last, action, after))
    last = after
  }

  func take() -> [(before: State, action: Action, after: State)] {
    defer { entries.removeAll(keepingCapacity: true) }
    return entries
  }
}

/// The executor of every walk's parked described subscriptions.
private let sharedExecutor = EffectExecutor()
