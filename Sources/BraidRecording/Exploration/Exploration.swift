import Braid

/// Explores a feature: seeded random walks of actions from outside and answers of its effects,
/// checked against invariants after every step; a violation is shrunk to a minimal sequence.
///
/// Effects are described, not run: each answer stands in for what an effect would have sent
/// (``EffectAnswer``), so a walk needs no clock, client or task, and the same seed gives the same
/// walk on every machine.
///
/// ```swift
/// let exploration = Exploration(
///   initialState: Counter.State(),
///   reducer: Counter(),
///   actions: [.action("+", .incrementButtonTapped), .action("timer", .timerButtonTapped)],
///   answers: { effect, _ in effect.cancellationIDs == ["timer"] ? .repeatedly([.timerTicked]) : .never },
///   invariants: [.state("never negative") { $0.count >= 0 }]
/// )
/// let report = await exploration.run(seed: 7, steps: 10_000)
/// ```
@MainActor
public struct Exploration<State, Action: Sendable> {
  let initialState: State
  let makeFunctions: () -> ReducerFunctions<State, Action>
  let actions: [ExplorationAction<Action>]
  let answers: (DescribedEffect, State) -> EffectAnswer<Action>
  let answerWeight: Int
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
  ///   - actions: The cases of actions sent from outside, weighted.
  ///   - answers: What a running effect may send, given the effect and the state when it
  ///     started; effects answer nothing by default.
  ///   - answerWeight: How often each answerable running effect is picked, relative to the
  ///     action cases' weights.
  ///   - invariants: The rules checked after every step.
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
    self.initialState = initialState
    self.makeFunctions = { reducer.makeFunctions() }
    self.actions = actions.filter { $0.weight > 0 }
    self.answers = answers
    self.answerWeight = max(0, answerWeight)
    self.invariants = invariants
    self.walkLength = max(1, walkLength)
    self.prepareDependencies = prepareDependencies
  }

  /// Walks the feature for `steps` steps in all, from `seed`, and stops at the first violation,
  /// which it shrinks. It stops early when a walk can take no step at all (no action case has a
  /// weight and no effect answers): the report then says how few steps it took.
  ///
  /// - Parameters:
  ///   - seed: The seed; the same seed gives the same walks everywhere.
  ///   - steps: The budget.
  ///   - progress: Told the steps taken and the walks started so far, before each walk.
  /// - Returns: What the walks covered, and the shrunk counterexample if an invariant failed.
  public func run(
    seed: UInt64, steps: Int, progress: ((_ steps: Int, _ walks: Int) -> Void)? = nil
  ) async -> ExplorationReport<State, Action> {
    var random = SeededRandomNumberGenerator(seed: seed)
    var coverage = ExplorationCoverage(actionType: Action.self)
    var graph = node.map { _ in TransitionGraph(cases: coverage.cases) }
    var taken = 0
    var walks = 0
    while taken < steps {
      walks += 1
      let walk = ExplorationWalk(self)
      var path: [ExplorationStep<Action>] = []
      if let violation = mountViolation(walk) {
        return report(
          seed: seed, steps: taken, walks: walks, coverage: coverage, graph: graph, found: (violation, path))
      }
      // The walks run on the main actor: between two, everything else waiting for it runs.
      await Task.yield()
      progress?(taken, walks)
      let takenBefore = taken
      for _ in 0..<walkLength where taken < steps {
        guard let step = nextStep(walk, &random) else { break }
        let before = walk.state
        guard let step = walk.perform(step) else { continue }
        taken += 1
        path.append(step)
        coverage.note(step)
        if let node {
          let isFedBack = if case .answer = step.kind { true } else { false }
          graph?.add(
            from: node(before), to: node(walk.state), action: ExplorationCoverage.caseName(of: step.action),
            isFedBack: isFedBack)
        }
        if let violation = violation(walk, before: before, action: step.action) {
          walk.finish()
          coverage.noteEffects(walk.started)
          return report(
            seed: seed, steps: taken, walks: walks, coverage: coverage, graph: graph, found: (violation, path))
        }
      }
      walk.finish()
      coverage.noteEffects(walk.started)
      // A walk that could take no step (no action case with a weight, no effect to answer) has
      // nothing to explore: every walk would be the same, and the budget would never be spent.
      if taken == takenBefore { break }
    }
    return report(seed: seed, steps: taken, walks: walks, coverage: coverage, graph: graph, found: nil)
  }

  private func report(
    seed: UInt64, steps: Int, walks: Int, coverage: ExplorationCoverage, graph: TransitionGraph?,
    found: (String, [ExplorationStep<Action>])?
  ) -> ExplorationReport<State, Action> {
    ExplorationReport(
      seed: seed, steps: steps, walks: walks, coverage: coverage, graph: graph,
      counterexample: found.flatMap { violation, path in shrink(path, violating: violation) })
  }

  /// The next step: an action case or an answerable running effect, by weight.
  private func nextStep(
    _ walk: ExplorationWalk<State, Action>, _ random: inout SeededRandomNumberGenerator
  ) -> ExplorationStep<Action>? {
    let answerable = walk.answerable
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

  /// The first invariant the walk's last step broke, or the first issue Braid reported.
  func violation(_ walk: ExplorationWalk<State, Action>, before: State, action: Action) -> String? {
    if let issue = walk.takeIssues().first { return "Braid reported an issue: \(issue)" }
    let after = walk.state
    let running = walk.running
    return invariants.first { !$0.holds(before, action, after, running) }.map(\.name)
  }

  /// An issue Braid reported while the feature mounted.
  func mountViolation(_ walk: ExplorationWalk<State, Action>) -> String? {
    walk.takeIssues().first.map { "Braid reported an issue: \($0)" }
  }
}
