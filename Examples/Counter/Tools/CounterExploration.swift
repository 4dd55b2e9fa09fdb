import Braid
import BraidExploration
import CounterFeature

/// The counter as an exploration sees it: its buttons, what its effects answer, and its rules.
@MainActor
public enum CounterExploration {
  /// What a user does, weighted.
  public static let actions: [ExplorationAction<Counter.Action>] = [
    .action("+", weight: 3, .incrementButtonTapped),
    .action("-", weight: 2, .decrementButtonTapped),
    .action("factor", .factorButtonTapped),
    .action("timer", .timerButtonTapped),
  ]

  /// A factoring answers once with the factors of the count it started on; a timer ticks.
  public static func answers(_ effect: DescribedEffect, _ started: Counter.State) -> EffectAnswer<Counter.Action> {
    switch effect.cancellationIDs {
    case ["factoring"]: .once([.factorsComputed((try? primeFactors(of: started.count)) ?? [])])
    case ["timer"]: .repeatedly([.timerTicked])
    default: .never
    }
  }

  /// The rules the counter keeps.
  public static let invariants: [ExplorationInvariant<Counter.State, Counter.Action>] = [
    .effects("a timer effect runs exactly while the timer is on") { state, effects in
      state.isTimerRunning == effects.contains { $0.cancellationIDs == ["timer"] }
    },
    .effects("at most one timer effect runs") { _, effects in
      effects.filter { $0.cancellationIDs == ["timer"] }.count <= 1
    },
    .effects("a factoring runs exactly while the counter says it is factoring") { state, effects in
      state.isFactoring == effects.contains { $0.cancellationIDs == ["factoring"] }
    },
    .state("the factors shown are the count's") { state in
      state.factors.map { $0 == (try? primeFactors(of: state.count)) } ?? true
    },
    .transition("a tap moves the count by one") { before, action, after in
      switch action {
      case .incrementButtonTapped: after.count == before.count + 1
      case .decrementButtonTapped: after.count == before.count - 1
      default: true
      }
    },
  ]

  /// The rules of a walk whose effects run: the counter's, and what only time shows.
  public static let runningInvariants: [ExplorationInvariant<Counter.State, Counter.Action>] =
    invariants + [
      .transition("a tick comes only while the timer is on") { before, action, _ in
        action != .timerTicked || before.isTimerRunning
      }
    ]

  /// What a user does, and time passing: less than a tick, a tick, or several.
  public static let actionsWithTime: [ExplorationAction<Counter.Action>] =
    actions + [.timePasses(weight: 3, .element(of: [.milliseconds(300), .seconds(1), .seconds(3)]))]

  /// The exploration of `reducer` whose effects run: the timer ticks and the factoring computes
  /// on the walk's clock and executor, and time passes in steps of 300 ms, 1 s or 3 s.
  public static func runningExploration(
    _ reducer: some Reducer<Counter.State, Counter.Action> = Counter()
  ) -> Exploration<Counter.State, Counter.Action> {
    Exploration(
      initialState: Counter.State(), reducer: reducer, actions: actionsWithTime, effects: .run,
      invariants: runningInvariants)
  }

  /// The counter's state machine, drawn by its timer and its factoring.
  public static func node(_ state: Counter.State) -> String {
    "timer \(state.isTimerRunning ? "on" : "off")\(state.isFactoring ? ", factoring" : "")"
  }

  /// The exploration of `reducer` (the counter itself by default, or a broken variant).
  public static func exploration(
    _ reducer: some Reducer<Counter.State, Counter.Action> = Counter()
  ) -> Exploration<Counter.State, Counter.Action> {
    Exploration(
      initialState: Counter.State(), reducer: reducer, actions: actions, answers: answers, invariants: invariants)
  }
}
