import Braid

/// Explores a feature: seeded random walks of actions from outside, time passing, and answers
/// of its effects, checked against invariants; a violation is shrunk to a minimal sequence.
///
/// Its effects are either described and answered by the exploration (``EffectAnswer``), so a
/// walk needs no clock or client, or run on the walk's own `TestClock` and the dependencies it is
/// given (``ExplorationEffects``). Either way everything runs on the main actor in a defined
/// order, and the same seed gives the same walk on every machine.
///
/// ```swift
/// let exploration = Exploration(
///   initialState: Counter.State(),
///   reducer: Counter(),
///   actions: [
///     .action("+", .incrementButtonTapped), .action("timer", .timerButtonTapped),
///     .timePasses(.element(of: [.seconds(1), .seconds(3)])),
///   ],
///   effects: .run,
///   invariants: [.state("never negative") { $0.count >= 0 }]
/// )
/// let report = await exploration.run(seed: 7, steps: 10_000)
/// ```
@MainActor
public struct Exploration<State, Action: Sendable> {
  let initialState: State
  let makeFunctions: () -> ReducerFunctions<State, Action>
  let actions: [ExplorationAction<Action>]
  let effects: ExplorationEffects<State, Action>
  let invariants: [ExplorationInvariant<State, Action>]
  let walkLength: Int
  let prepareDependencies: (inout DependencyValues) -> Void
  /// Abstracts a state to a node of the transition graph, when one is drawn.
  var node: ((State) -> String)?

  /// An exploration of `reducer` from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: Where every walk starts.
  ///   - reducer: The feature.
  ///   - actions: The cases of steps, weighted: actions sent from outside, and time passing
  ///     (``ExplorationAction/timePasses(_:weight:_:)``).
  ///   - effects: Whether effects are described and answered, or run.
  ///   - invariants: The rules checked after every action and every step.
  ///   - walkLength: How many steps a walk takes before the next starts from `initialState`.
  ///   - prepareDependencies: The dependencies the reducer and its effects use. The walk's
  ///     `TestClock` is already its `continuousClock` and `suspendingClock`, and can be read
  ///     from the values given, for a client that should wait on it.
  public init<R: Reducer<State, Action>>(
    initialState: State,
    reducer: R,
    actions: [ExplorationAction<Action>],
    effects: ExplorationEffects<State, Action>,
    invariants: [ExplorationInvariant<State, Action>],
    walkLength: Int = 40,
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) {
    self.initialState = initialState
    self.makeFunctions = { reducer.makeFunctions() }
    self.actions = actions.filter { $0.weight > 0 }
    self.effects =
      if case .described(let answers, let weight) = effects {
        .described(answers: answers, weight: max(0, weight))
      } else {
        effects
      }
    self.invariants = invariants
    self.walkLength = max(1, walkLength)
    self.prepareDependencies = prepareDependencies
  }

  /// An exploration of `reducer` from `initialState` whose effects are described, not run, and
  /// answered by `answers`.
  ///
  /// - Parameters:
  ///   - initialState: Where every walk starts.
  ///   - reducer: The feature.
  ///   - actions: The cases of actions sent from outside, weighted.
  ///   - answers: What a running effect may send, given the effect and the state when it
  ///     started; effects answer nothing by default.
  ///   - answerWeight: How often each answerable running effect is picked, relative to the
  ///     action cases' weights.
  ///   - invariants: The rules checked after every action and every step.
  ///   - walkLength: How many steps a walk takes before the next starts from `initialState`.
  ///   - prepareDependencies: The dependencies the reducer reads while reducing or captures
  ///     for its effects (which are not run).
  public init<R: Reducer<State, Action>>(
    initialState: State,
    reducer: R,
    actions: [ExplorationAction<Action>],
    answers: @escaping (DescribedEffect, State) -> EffectAnswer<Action> = { _, _ in .never },
    answerWeight: Int = 2,
    invariants: [ExplorationInvariant<State, Action>],
    walkLength: Int = 40,
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) {
    self.init(
      initialState: initialState, reducer: reducer, actions: actions,
      effects: .described(answers: answers, weight: answerWeight), invariants: invariants, walkLength: walkLength,
      withDependencies: prepareDependencies)
  }

  /// Walks the feature for `steps` steps in all, from `seed`, and stops at the first violation,
  /// which it shrinks. It stops early when a walk can take no step at all (no action case has a
  /// weight and no effect answers): the report then says how few steps it took.
  ///
  /// - Parameters:
  ///   - seed: The seed; the same seed gives the same walks everywhere.
  ///   - steps: The budget.
  ///   - progress: Told how far the walks have got, before each walk.
  /// - Returns: What the walks covered, and the shrunk counterexample if an invariant failed.
  public func run(
    seed: UInt64, steps: Int, progress: ((ExplorationProgress) -> Void)? = nil
  ) async -> ExplorationReport<State, Action> {
    var random = SeededRandomNumberGenerator(seed: seed)
    var coverage = ExplorationCoverage(actionType: Action.self)
    var graph = node.map { _ in TransitionGraph(cases: coverage.cases) }
    var taken = 0
    var walks = 0
    func found(_ violation: String, _ path: [ExplorationStep<Action>]) async -> ExplorationReport<State, Action> {
      await report(
        seed: seed, steps: taken, walks: walks, coverage: coverage, graph: graph, found: (violation, path))
    }
    while taken < steps {
      walks += 1
      let walk = ExplorationWalk(self)
      var path: [ExplorationStep<Action>] = []
      // The walks run on the main actor: between two, everything else waiting for it runs.
      await Task.yield()
      progress?(ExplorationProgress(steps: taken, walks: walks, states: graph?.nodes.count))
      await walk.mount()
      let note = { (before: State, action: Action, after: State, isFedBack: Bool) in
        coverage.note(action, isFedBack: isFedBack)
        if let node {
          graph?.add(
            from: node(before), to: node(after), action: ExplorationCoverage.caseName(of: action), isFedBack: isFedBack)
        }
      }
      if let violation = violation(walk, before: initialState, step: nil, noting: note) {
        _ = await walk.finish()
        return await found(violation.name, path)
      }
      let takenBefore = taken
      for _ in 0..<walkLength where taken < steps {
        guard let step = nextStep(walk, &random) else { break }
        let before = walk.state
        guard let step = await walk.perform(step) else { continue }
        taken += 1
        path.append(step)
        if let violation = violation(walk, before: before, step: step, noting: note) {
          _ = await walk.finish()
          coverage.noteEffects(walk.started)
          return await found(violation.name, path)
        }
      }
      let leaked = await walk.finish()
      coverage.noteEffects(walk.started)
      if let leaked { return await found(leaked, path) }
      // A walk that could take no step (no action case with a weight, no effect to answer) has
      // nothing to explore: every walk would be the same, and the budget would never be spent.
      if taken == takenBefore { break }
    }
    return await report(seed: seed, steps: taken, walks: walks, coverage: coverage, graph: graph, found: nil)
  }

  private func report(
    seed: UInt64, steps: Int, walks: Int, coverage: ExplorationCoverage, graph: TransitionGraph?,
    found: (String, [ExplorationStep<Action>])?
  ) async -> ExplorationReport<State, Action> {
    var counterexample: ExplorationCounterexample<State, Action>?
    if let (violation, path) = found { counterexample = await shrink(path, violating: violation) }
    return ExplorationReport(
      seed: seed, steps: steps, walks: walks, coverage: coverage, graph: graph, counterexample: counterexample)
  }

  /// The next step: an action case or an answerable running effect, by weight.
  private func nextStep(
    _ walk: ExplorationWalk<State, Action>, _ random: inout SeededRandomNumberGenerator
  ) -> ExplorationStep<Action>? {
    let answerable = walk.answerable
    let answerWeight = if case .described(_, let weight) = effects { weight } else { 0 }
    let actionWeight = actions.reduce(0) { $0 + $1.weight }
    let total = actionWeight + answerWeight * answerable.count
    guard total > 0 else { return nil }
    var pick = Int.random(in: 0..<total, using: &random)
    for action in actions {
      if pick < action.weight { return action.draw(&random) }
      pick -= action.weight
    }
    let (effect, count) = answerable[pick / answerWeight]
    let choice = Int.random(in: 0..<count, using: &random)
    return walk.answerStep(of: effect, choice: choice)
  }

  /// The first rule the walk's last step (or its mount, for `nil`) broke, or the first issue
  /// Braid reported, with the states around the step. Each action it reduced is handed to
  /// `noting` first, with whether an effect sent it, and checked against the rules over
  /// transitions; the rules over effects are checked on the settled state.
  func violation(
    _ walk: ExplorationWalk<State, Action>, before: State, step: ExplorationStep<Action>?,
    noting: ((State, Action, State, Bool) -> Void)? = nil
  ) -> (name: String, before: State, after: State)? {
    let reductions = walk.takeReductions()
    let isSentFirst = if case .send? = step?.kind { true } else { false }
    for (index, reduction) in reductions.enumerated() {
      noting?(reduction.before, reduction.action, reduction.after, !(isSentFirst && index == 0))
    }
    if let failure = walk.takeFailure() { return (failure, before, walk.state) }
    for reduction in reductions {
      for invariant in invariants {
        guard case .transition(let holds) = invariant.rule else { continue }
        if !holds(reduction.before, reduction.action, reduction.after) {
          return (invariant.name, before, walk.state)
        }
      }
    }
    let after = walk.state
    let running = walk.running
    for invariant in invariants {
      guard case .effects(let holds) = invariant.rule else { continue }
      if !holds(after, running) { return (invariant.name, before, after) }
    }
    return nil
  }
}
