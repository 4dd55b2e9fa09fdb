import Braid
import BraidLocation
import CounterFeature
import LocationTrackerFeature
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

  /// The location tracker, whose request to start updating never reaches its manager: its state
  /// changes as before, so only the session's client commands tell it apart.
  static var neverStartsUpdating: some Reducer<LocationTracker.State, LocationTracker.Action> {
    LocationTracker().transformDependency(\.locationClient) { client in
      client.startUpdatingLocation = { _ in .none }
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

  @Test func theLocationSessionFailsATrackerThatNeverStartsUpdating() async {
    await withKnownIssue {
      try await recordedLocationSession(Self.neverStartsUpdating)
    }
  }
}
