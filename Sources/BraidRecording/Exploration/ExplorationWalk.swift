import Braid

/// One walk of an explored feature from its initial state: a store whose effects are described
/// rather than run, stepped synchronously on the main actor. Nothing of an effect runs, so a
/// walk is as fast and as repeatable as its reducer.
@MainActor
final class ExplorationWalk<State, Action: Sendable> {
  /// Where every walk's described subscriptions park their tasks; they never run an effect.
  private static var executor: EngineExecutor { sharedExecutor }

  private let core: EngineCore<State, Action>
  private let described = DescribedEffects<Action>()
  /// The state when each described effect started, by effect number: what its answers see.
  private(set) var startStates: [Int: State] = [:]
  /// The cancellation ids of each effect that started, as printed, in start order.
  private(set) var started: [[String]] = []
  private let issues = SanitizerVisibleMutex<[String]>([])
  private let answers: (DescribedEffect, State) -> EffectAnswer<Action>

  init(_ exploration: Exploration<State, Action>, inspector: StoreInspector<State, Action>? = nil) {
    let described = self.described
    answers = exploration.answers
    let functions = withDependencies(exploration.prepareDependencies) { exploration.makeFunctions() }
    let reduce = functions.reduceFunction
    let tracked = functions.replacing(
      reduce: { state, action in reduce(&state, action).described(into: described, startedBy: ValueDump.dump(action)) },
      hookEffects: { hook, build in build().described(into: described, startedBy: hook) })
    core = withDependencies(exploration.prepareDependencies) {
      EngineCore(
        initialState: exploration.initialState, functions: tracked, effectExecutor: Self.executor,
        isolation: MainActor.shared, inspector: inspector)
    }
    capturingIssues { core.mount() }
    noteStarts()
  }

  /// The current state.
  var state: State { core.state }

  /// The described effects running now, oldest first.
  var running: [DescribedEffect] { described.running }

  /// The issues Braid reported since the last call, and clears them.
  func takeIssues() -> [String] {
    issues.withLock { issues in
      defer { issues.removeAll() }
      return issues
    }
  }

  /// Performs `step` and returns it as performed (an answer made from its effect's start), or
  /// `nil`, doing nothing, for an answer whose effect is not running or answers nothing.
  ///
  /// An answer is reduced at once, as if sent from outside; with `throughEffect` it goes
  /// through the effect's own subscriber instead, as the effect would have sent it (a trace
  /// then says which effect sent it), and is reduced once the caller lets the store's tasks
  /// run.
  func perform(_ step: ExplorationStep<Action>, throughEffect: Bool = false) -> ExplorationStep<Action>? {
    var performed = step
    switch step.kind {
    case .send(let action):
      capturingIssues { _ = core.send(action) }
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

  /// Dismounts the feature, as its store's release would, cancelling what still runs.
  func finish() {
    capturingIssues { _ = core.dismount() }
  }

  private func capturingIssues(_ body: () -> Void) {
    let issues = self.issues
    IssueReporting.withIssueHandler({ issue in issues.withLock { $0.append(issue.message) } }, operation: body)
  }

  /// Remembers the state each newly started effect's answers see, and its ids.
  private func noteStarts() {
    while let event = described.removeFirstUnasserted() {
      guard case .started(let effect) = event else { continue }
      startStates[effect.number] = core.state
      started.append(effect.cancellationIDs)
    }
  }
}

/// The executor of every walk's parked described subscriptions.
private let sharedExecutor = EngineExecutor()
