import Braid
import BraidLocation
import CounterFeature
import LocationTrackerFeature
import SignUpFeature
import Synchronization
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
    func reduce(into state: inout SignUpForm.State, action: SignUpForm.Action) -> Effect<SignUpForm.Action> {
      AvailabilityCheck.replacing(in: &state, action) { $0.cancellable(id: $1, cancelInFlight: true) }
    }
  }

  /// The sign-up form with its debounce on a clock of its own instead of the clock dependency
  /// (as a hard-coded `ContinuousClock()` would be): the same debounce, marked the same, on a
  /// clock the test does not move. (A test clock here, so that no real time passing on a busy
  /// machine can fire it.)
  struct DebouncesOnAClockOfItsOwn: Reducer {
    func reduce(into state: inout SignUpForm.State, action: SignUpForm.Action) -> Effect<SignUpForm.Action> {
      AvailabilityCheck.replacing(in: &state, action) {
        $0.debounce(id: $1, for: SignUpForm.availabilityDebounce, clock: TestClock())
      }
    }
  }

  /// The sign-up form's availability check, timed by a mutant instead of the form.
  enum AvailabilityCheck {
    enum CancelID { case availability }

    /// The form's reduction, with the check a username change starts timed by `timing`.
    static func replacing(
      in state: inout SignUpForm.State, _ action: SignUpForm.Action,
      timing: (Effect<SignUpForm.Action>, CancelID) -> Effect<SignUpForm.Action>
    ) -> Effect<SignUpForm.Action> {
      let effect = SignUpForm().reduce(into: &state, action: action)
      guard case .usernameChanged(let username) = action, state.availability == .validating else { return effect }
      @Dependency(\.userDirectory) var directory
      let check = Effect<SignUpForm.Action>.run { [directory] send in
        let isAvailable = try await directory.isUsernameAvailable(username)
        await send(.availabilityChecked(username: username, isAvailable: isAvailable))
      }
      return timing(check, .availability)
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

  /// The step that starts the check fails first, naming the debounce it expected; the test
  /// clock's advance then starts no lookup.
  @Test func theSignUpSessionFailsAFormThatRestartsInsteadOfDebouncing() async throws {
    let issues = IssueMessages()
    try await withKnownIssue {
      try await recordedSignUpSession(RestartsInsteadOfDebouncing())
    } matching: {
      issues.note($0)
    }
    let first = try #require(issues.all.first)
    #expect(first.contains("debounce 0.3 seconds") && first.contains("under availability, started by"))
  }

  /// The debounce runs on the test's clock in the emitted test: one that waits on another clock
  /// never fires when the recording's 300 ms pass, and the lookup's start fails there.
  @Test func theSignUpSessionFailsAFormThatDebouncesOnAClockOfItsOwn() async throws {
    let issues = IssueMessages()
    try await withKnownIssue {
      try await recordedSignUpSession(DebouncesOnAClockOfItsOwn())
    } matching: {
      issues.note($0)
    }
    let first = try #require(issues.all.first)
    #expect(first.contains("Expected a run effect under availability started, but no effect started"))
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

/// The messages of the issues a `withKnownIssue` matched, in order.
final class IssueMessages: Sendable {
  private let messages = Mutex<[String]>([])

  var all: [String] { messages.withLock { $0 } }

  /// Notes `issue`, and matches it.
  func note(_ issue: Issue) -> Bool {
    messages.withLock { $0.append("\(issue)") }
    return true
  }
}
