import Braid
import CounterFeature
import SignUpFeature
import Testing

/// Each emitted session fails against a named mutant of its feature: a recording's test checks
/// what the feature does, not only that it runs. `withKnownIssue` fails a test whose body records
/// no issue, so each of these fails if its mutant passes the session.
@MainActor
@Suite struct EmittedTestsCatchMutantsTests {
  /// The sign-up form, deaf to the directory's answer about a username.
  struct IgnoresAvailabilityAnswers: Reducer {
    func reduce(into state: inout SignUpForm.State, action: SignUpForm.Action) -> Effect<SignUpForm.Action> {
      if case .availabilityChecked = action { return .none }
      return SignUpForm().reduce(into: &state, action: action)
    }
  }

  /// The counter, whose timer counts by two.
  struct TimerCountsByTwo: Reducer {
    func reduce(into state: inout Counter.State, action: Counter.Action) -> Effect<Counter.Action> {
      let effect = Counter().reduce(into: &state, action: action)
      if case .timerTicked = action { state.count += 1 }
      return effect
    }
  }

  @Test func theSignUpSessionFailsAFormThatIgnoresAvailabilityAnswers() async {
    await withKnownIssue {
      try await recordedSignUpSession(IgnoresAvailabilityAnswers())
    }
  }

  @Test func theCounterTourFailsATimerThatCountsByTwo() async {
    await withKnownIssue {
      try await recordedCounterTour(TimerCountsByTwo())
    }
  }
}
