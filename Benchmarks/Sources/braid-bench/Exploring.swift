import Braid
import BraidExploration
import CounterFeature
import SignUpFeature
import UserDirectoryClient

/// Exploring the examples: the time of a step on the counter and on the sign-up form (floor:
/// the feature's reducer called directly with the same kinds of actions, effects dropped), and
/// the time to find and shrink one planted counterexample.
@MainActor
func explorationRows(_ config: Config) async -> [Row] {
  let steps = config.operations(20_000)
  let counter = await measureAsync(config, operations: steps) { n in
    await timed { _ = await counterExploration(Counter()).run(seed: 1, steps: n) }
  }
  let counterFloor = measure(config, operations: steps) { n in
    var state = Counter.State()
    let actions: [Counter.Action] = [.incrementButtonTapped, .factorButtonTapped, .timerButtonTapped, .timerTicked]
    for i in 0..<n { blackHole(Counter().reduce(into: &state, action: actions[i % actions.count])) }
  }
  let signUp = await measureAsync(config, operations: steps) { n in
    await timed { _ = await signUpExploration().run(seed: 1, steps: n) }
  }
  let signUpRunning = await measureAsync(config, operations: steps) { n in
    await timed { _ = await signUpExploration(runningEffects: true).run(seed: 1, steps: n) }
  }
  let signUpFloor = measure(config, operations: steps) { n in
    var state = SignUpForm.State()
    let actions: [SignUpForm.Action] = [
      .usernameChanged("ab"), .emailChanged("ann@example.com"), .passwordChanged("long enough"),
      .availabilityChecked(username: "ab", isAvailable: true),
    ]
    withDependencies {
      $0.userDirectory = .noop
      $0.continuousClock = ImmediateClock()
    } operation: {
      for i in 0..<n { blackHole(SignUpForm().reduce(into: &state, action: actions[i % actions.count])) }
    }
  }
  let shrink = await measureAsync(config, operations: 1) { _ in
    await timed { _ = await counterExploration(TimerLeftRunning()).run(seed: 0, steps: 10_000) }
  }
  func perSecond(_ stats: Stats) -> String { "\(Int((1e9 / stats.median).rounded())) steps/s" }
  return [
    Row(
      workload: "exploration", name: "explore the counter, per step (floor: its reducer alone)", operations: steps,
      braid: counter, floor: counterFloor, note: "\(perSecond(counter)); the target is 20,000 or more"),
    Row(
      workload: "exploration", name: "explore the sign-up form, per step (floor: its reducer alone)",
      operations: steps, braid: signUp, floor: signUpFloor, note: "\(perSecond(signUp)); the target is 5,000 or more"),
    Row(
      workload: "exploration",
      name: "explore the sign-up form, its effects running on the test clock, per step (floor: its reducer alone)",
      operations: steps, braid: signUpRunning, floor: signUpFloor,
      note: "\(perSecond(signUpRunning)); the target is 5,000 or more"),
    Row(
      workload: "exploration", name: "find and shrink a counterexample (a timer left running on stop)",
      operations: 1, braid: shrink, note: "the target is under 1 s"),
  ]
}

/// How long `body` took.
@MainActor
private func timed(_ body: () async -> Void) async -> Duration {
  let clock = ContinuousClock()
  let start = clock.now
  await body()
  return clock.now - start
}

/// The counter whose timer button stops the timer in its state but leaves its effect running.
private struct TimerLeftRunning: Reducer {
  func reduce(into state: inout Counter.State, action: Counter.Action) -> Effect<Counter.Action> {
    if action == .timerButtonTapped, state.isTimerRunning {
      state.isTimerRunning = false
      return .none
    }
    return Counter().reduce(into: &state, action: action)
  }
}

@MainActor
private func counterExploration(
  _ reducer: some Reducer<Counter.State, Counter.Action>
) -> Exploration<Counter.State, Counter.Action> {
  Exploration(
    initialState: Counter.State(), reducer: reducer,
    actions: [
      .action("+", weight: 3, .incrementButtonTapped), .action("-", weight: 2, .decrementButtonTapped),
      .action("factor", .factorButtonTapped), .action("timer", .timerButtonTapped),
    ],
    answers: { effect, started in
      switch effect.cancellationIDs {
      case ["factoring"]: .once([.factorsComputed((try? primeFactors(of: started.count)) ?? [])])
      case ["timer"]: .repeatedly([.timerTicked])
      default: .never
      }
    },
    invariants: [
      .effects("a timer effect runs exactly while the timer is on") { state, effects in
        state.isTimerRunning == effects.contains { $0.cancellationIDs == ["timer"] }
      }
    ])
}

/// The sign-up form explored with its effects described and answered, or running: the debounced
/// check and the sign-up then wait on the walk's clock (200 ms and 500 ms) and ask a directory in
/// memory, and time passes as a step.
@MainActor
private func signUpExploration(runningEffects: Bool = false) -> Exploration<SignUpForm.State, SignUpForm.Action> {
  let passwords = ["", "short", "long enough 1"]
  let actions: [ExplorationAction<SignUpForm.Action>] = [
    .action("username", weight: 4, .string(from: "ab", length: 0...3)) { .usernameChanged($0) },
    .action("email", weight: 2, .element(of: ["", "ann@example.com"])) { .emailChanged($0) },
    .action("password", weight: 2, .element(of: passwords)) { .passwordChanged($0) },
    .action("verification", weight: 2, .element(of: passwords)) { .passwordVerificationChanged($0) },
    .action("create", weight: 2, .createButtonTapped), .action("dismiss", .alertDismissed),
  ]
  let invariants: [ExplorationInvariant<SignUpForm.State, SignUpForm.Action>] = [
    .effects("Create is never enabled while a check is in flight") { state, effects in
      !state.isSignUpEnabled || !effects.contains { $0.cancellationIDs == ["availability"] }
    }
  ]
  guard !runningEffects else {
    return Exploration(
      initialState: SignUpForm.State(), reducer: SignUpForm(),
      actions: actions + [.timePasses(weight: 3, .element(of: [.milliseconds(100), .milliseconds(300), .seconds(1)]))],
      effects: .run, invariants: invariants,
      withDependencies: {
        let clock = $0.continuousClock
        $0.userDirectory = UserDirectory(
          isUsernameAvailable: { name in
            try await clock.sleep(for: .milliseconds(200))
            return name != "ab"
          },
          signUp: { _ in try await clock.sleep(for: .milliseconds(500)) })
      })
  }
  return Exploration(
    initialState: SignUpForm.State(), reducer: SignUpForm(), actions: actions,
    answers: { effect, started in
      switch effect.cancellationIDs {
      case ["availability"]: .once([.availabilityChecked(username: started.username, isAvailable: true)])
      case ["signUp"]: .once([.signUpFinished(error: nil)])
      default: .never
      }
    },
    invariants: invariants,
    withDependencies: {
      $0.userDirectory = .noop
      $0.continuousClock = ImmediateClock()
    })
}
