import Braid
import BraidExploration
import SignUpFeature
import UserDirectoryClient

/// The sign-up form as an exploration sees it: what a user types and taps, what the directory
/// answers, and the form's rules.
@MainActor
public enum SignUpExploration {
  /// The passwords a user types: none, one too short, two long enough.
  public static let passwords = ["", "short", "long enough 1", "long enough 2"]

  /// What a user does, weighted.
  public static let actions: [ExplorationAction<SignUpForm.Action>] = [
    .action("username", weight: 4, .string(from: "ab", length: 0...3)) { .usernameChanged($0) },
    .action("email", weight: 2, .element(of: ["", "ann@example.com", "not an address"])) { .emailChanged($0) },
    .action("password", weight: 2, .element(of: passwords)) { .passwordChanged($0) },
    .action("verification", weight: 2, .element(of: passwords)) { .passwordVerificationChanged($0) },
    .action("create", weight: 2, .createButtonTapped),
    .action("dismiss", .alertDismissed),
  ]

  /// A check answers for the name it was started for: available, taken, or failed; a sign-up
  /// succeeds or fails.
  public static func answers(_ effect: DescribedEffect, _ started: SignUpForm.State) -> EffectAnswer<SignUpForm.Action>
  {
    switch effect.cancellationIDs {
    case ["availability"]:
      .once([
        .availabilityChecked(username: started.username, isAvailable: true),
        .availabilityChecked(username: started.username, isAvailable: false),
        .availabilityCheckFailed(username: started.username, message: "offline"),
      ])
    case ["signUp"]: .once([.signUpFinished(error: nil), .signUpFinished(error: "taken")])
    default: .never
    }
  }

  /// The rules the sign-up form keeps.
  public static let invariants: [ExplorationInvariant<SignUpForm.State, SignUpForm.Action>] = [
    .effects("Create is never enabled while a check is in flight") { state, effects in
      !state.isSignUpEnabled || !effects.contains { $0.cancellationIDs == ["availability"] }
    },
    .effects("the form says it is checking exactly while a check runs") { state, effects in
      (state.availability == .validating) == effects.contains { $0.cancellationIDs == ["availability"] }
    },
    .effects("the form says it is signing up exactly while one sign-up runs") { state, effects in
      let signUps = effects.filter { $0.cancellationIDs == ["signUp"] }.count
      return signUps <= 1 && state.isSigningUp == (signUps == 1)
    },
    .transition("Create signs up only when it is enabled") { before, action, after in
      action != .createButtonTapped || after.isSigningUp == (before.isSigningUp || before.isSignUpEnabled)
    },
  ]

  /// The form's state machine, drawn by what it knows of the name, whether Create is enabled,
  /// whether a sign-up is in flight, and whether an alert shows.
  public static func node(_ state: SignUpForm.State) -> String {
    let name =
      switch state.availability {
      case .empty: "no name"
      case .validating: "checking"
      case .checked(true, _): "available"
      case .checked(false, let message): message == SignUpForm.Availability.yoursMessage ? "yours" : "taken"
      case .failed: "check failed"
      }
    var parts = [name]
    if state.isSignUpEnabled { parts.append("Create enabled") }
    if state.isSigningUp { parts.append("signing up") }
    if state.alert != nil { parts.append("alert") }
    return parts.joined(separator: ", ")
  }

  /// The exploration of `reducer` (the sign-up form itself by default, or a broken variant).
  public static func exploration(
    _ reducer: some Reducer<SignUpForm.State, SignUpForm.Action> = SignUpForm()
  ) -> Exploration<SignUpForm.State, SignUpForm.Action> {
    Exploration(
      initialState: SignUpForm.State(), reducer: reducer, actions: actions, answers: answers, invariants: invariants
    ) {
      // Captured for the effects, which are described, not run.
      $0.userDirectory = .noop
      $0.continuousClock = ImmediateClock()
    }
  }

  /// What a user does, and time passing: long enough for a check or a sign-up to answer, or
  /// not.
  public static let actionsWithTime: [ExplorationAction<SignUpForm.Action>] =
    actions + [.timePasses(weight: 3, .element(of: [.milliseconds(100), .milliseconds(300), .seconds(1)]))]

  /// The exploration of `reducer` whose effects run: the debounced check and the sign-up wait
  /// on the walk's clock and ask a directory in memory (``SignUpExplorationDirectory``), and
  /// time passes in steps of 100 ms, 300 ms or 1 s.
  public static func runningExploration(
    _ reducer: some Reducer<SignUpForm.State, SignUpForm.Action> = SignUpForm()
  ) -> Exploration<SignUpForm.State, SignUpForm.Action> {
    Exploration(
      initialState: SignUpForm.State(), reducer: reducer, actions: actionsWithTime, effects: .run,
      invariants: invariants
    ) {
      $0.userDirectory = SignUpExplorationDirectory(clock: $0.continuousClock).client
    }
  }
}
