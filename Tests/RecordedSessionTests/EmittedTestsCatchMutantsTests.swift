import Braid
import BraidLocation
import CounterFeature
import LocationTrackerFeature
import SignUpFeature
import Testing
import UserDirectoryClient

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

  /// The sign-up form with its availability check restarted at each keystroke instead of
  /// debounced: the same ids, the same requests and answers, only no wait.
  struct RestartsInsteadOfDebouncing: Reducer {
    enum CancelID { case availability }
    @Dependency(\.userDirectory) var userDirectory

    func reduce(into state: inout SignUpForm.State, action: SignUpForm.Action) -> Effect<SignUpForm.Action> {
      let effect = SignUpForm().reduce(into: &state, action: action)
      guard case .usernameChanged(let username) = action, state.availability == .validating else { return effect }
      let directory = userDirectory
      return .run { send in
        let isAvailable = try await directory.isUsernameAvailable(username)
        await send(.availabilityChecked(username: username, isAvailable: isAvailable))
      }
      .cancellable(id: CancelID.availability, cancelInFlight: true)
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

  /// A described test cannot run the debounce's wait, but it sees that the effect is one: the
  /// step that starts the check fails, naming the debounce it expected.
  @Test func theSignUpSessionFailsAFormThatRestartsInsteadOfDebouncing() async throws {
    try await withKnownIssue {
      try await recordedSignUpSession(RestartsInsteadOfDebouncing())
    } matching: { issue in
      let message = "\(issue)"
      return message.contains("debounce 0.3 seconds") && message.contains("under availability, started by")
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
