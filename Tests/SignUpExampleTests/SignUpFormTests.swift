import Braid
import BraidTestSupport
import BraidTesting
import SignUpFeature
import Testing
import UserDirectoryClient

@MainActor
@Suite(.checksStoreLeaks)
struct SignUpFormTests {
  struct Unreachable: Error, CustomStringConvertible {
    var description: String { "directory unreachable" }
  }

  @Test func theLengthHintIsOnThePasswordAndTheMismatchOnTheVerification() {
    var state = SignUpForm.State()
    #expect(state.passwordMessage == "need 8 char.")
    #expect(state.verificationMessage == "")
    state.password = "1234567"
    state.passwordVerification = "1234567"
    #expect(state.passwordMessage == "need 8 char.")
    #expect(state.verificationMessage == "")
    state.passwordVerification = "x"
    #expect(state.passwordMessage == "need 8 char.")
    #expect(state.verificationMessage == "need same password")
    state.password = "12345678"
    #expect(state.passwordMessage == "")
    #expect(state.verificationMessage == "need same password")
    state.passwordVerification = "12345678"
    #expect(state.passwordMessage == "")
    #expect(state.verificationMessage == "")
    state.password = String(repeating: "p", count: 101)
    #expect(state.passwordMessage == "need at most 100 char.")
  }

  @Test func theEmailIsCheckedAsItIsTyped() {
    var state = Self.filledForm()
    #expect(state.emailMessage == "")
    #expect(state.isSignUpEnabled)
    for invalid in ["nope", "a@b", "@example.com", "a b@example.com", "m\u{1B}]0;OWNED\u{07}@example.com", "a@.com"] {
      state.email = invalid
      #expect(state.emailMessage == "not a valid e-mail address", "\(invalid)")
      #expect(!state.isSignUpEnabled, "Create is disabled for \(invalid)")
    }
    state.email = ""
    #expect(state.emailMessage == "", "nothing typed yet: no hint")
    #expect(!state.isSignUpEnabled)
  }

  @Test func usernamesThatWouldNotBeStoredAsShownAreRefusedBeforeAnyCheck() async {
    let store = TestStore(initialState: SignUpForm.State()) { SignUpForm() }
    let cases: [(String, String)] = [
      ("nu\u{0}ll", "no control or invisible characters"),
      ("evil\u{1B}[2J", "no control or invisible characters"),
      ("two\nlines", "no control or invisible characters"),
      ("zero\u{200B}width", "no control or invisible characters"),
      (" alice", "no spaces at either end"),
      ("alice ", "no spaces at either end"),
      (String(repeating: "a", count: 33), "at most 32 characters"),
      (String(repeating: "a", count: 1_000_000), "at most 32 characters"),
    ]
    for (username, message) in cases {
      // No check is started (the test's directory is unimplemented: a check would fail the test).
      await store.send(.usernameChanged(username)) {
        $0.username = username
        $0.availability = .checked(isAvailable: false, message: message)
      }
    }
    #expect(SignUpForm.problem(withUsername: String(repeating: "é", count: 32)) == nil)
    #expect(SignUpForm.problem(withUsername: "Émile Zola") == nil)
  }

  @Test func aPasswordLongerThanTheHashAcceptsIsRefusedWithItsLimit() {
    var state = SignUpForm.State()
    state.password = String(repeating: "p", count: 101)
    state.passwordVerification = state.password
    #expect(state.passwordMessage == "need at most 100 char.")
    #expect(!state.isFormValid)
    state.password = String(repeating: "😀", count: 100)
    state.passwordVerification = state.password
    #expect(state.passwordMessage == "")
  }

  @Test func createIsEnabledOnlyWhenEveryRuleHolds() {
    var state = SignUpForm.State()
    state.username = "alice"
    state.email = "alice@example.com"
    state.password = "correct horse"
    state.passwordVerification = "correct horse"
    #expect(state.isFormValid)
    #expect(!state.isSignUpEnabled, "the username is not confirmed yet")
    state.availability = .checked(isAvailable: true, message: "Username available")
    #expect(state.isSignUpEnabled)
    state.isSigningUp = true
    #expect(!state.isSignUpEnabled)
    state.isSigningUp = false
    state.email = ""
    #expect(!state.isSignUpEnabled)
  }

  @Test func typingFastChecksOnlyTheLastUsername() async {
    let clock = TestClock()
    let checked = Recorder<String>()
    let store = TestStore(initialState: SignUpForm.State()) {
      SignUpForm()
    } withDependencies: {
      $0.continuousClock = clock
      $0.userDirectory.isUsernameAvailable = { name in
        checked.append(name)
        return name == "ali"
      }
    }
    await store.send(.usernameChanged("a")) {
      $0.username = "a"
      $0.availability = .validating
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.usernameChanged("al")) { $0.username = "al" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.usernameChanged("ali")) { $0.username = "ali" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.availabilityChecked(username: "ali", isAvailable: true)) {
      $0.availability = .checked(isAvailable: true, message: "Username available")
    }
    await store.finish()
    #expect(checked.values == ["ali"])
  }

  @Test func aFailedCheckBecomesAValidationMessage() async {
    let clock = TestClock()
    let store = TestStore(initialState: SignUpForm.State()) {
      SignUpForm()
    } withDependencies: {
      $0.continuousClock = clock
      $0.userDirectory.isUsernameAvailable = { _ in throw Unreachable() }
    }
    await store.send(.usernameChanged("bob")) {
      $0.username = "bob"
      $0.availability = .validating
    }
    await clock.advance(by: SignUpForm.availabilityDebounce)
    await store.receive(.availabilityCheckFailed(username: "bob", message: "could not check: directory unreachable")) {
      $0.availability = .failed("could not check: directory unreachable")
    }
    #expect(store.state.availability.message == "could not check: directory unreachable")
    await store.finish()
  }

  @Test func clearingTheUsernameCancelsThePendingCheck() async {
    let clock = TestClock()
    let store = TestStore(initialState: SignUpForm.State()) {
      SignUpForm()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.usernameChanged("x")) {
      $0.username = "x"
      $0.availability = .validating
    }
    await store.send(.usernameChanged("")) {
      $0.username = ""
      $0.availability = .empty
    }
    await clock.run()
    await store.finish()
  }

  static func filledForm() -> SignUpForm.State {
    var state = SignUpForm.State()
    state.username = "alice"
    state.email = "alice@example.com"
    state.password = "correct horse"
    state.passwordVerification = "correct horse"
    state.availability = .checked(isAvailable: true, message: "Username available")
    return state
  }

  @Test func signingUpShowsActivityThenAnAlertThatCanBeDismissed() async {
    let requests = Recorder<SignUpRequest>()
    let store = TestStore(initialState: Self.filledForm()) {
      SignUpForm()
    } withDependencies: {
      $0.userDirectory.signUp = { requests.append($0) }
    }
    await store.send(.createButtonTapped) { $0.isSigningUp = true }
    #expect(!store.state.isSignUpEnabled, "Create is disabled while signing up")
    await store.receive(.signUpFinished(error: nil)) {
      $0.isSigningUp = false
      $0.alert = SignUpForm.Alert(title: "Signed up", message: "Welcome, alice!")
      // The name is this account's now: the form says so, and does not offer Create for it again.
      $0.availability = .checked(isAvailable: false, message: "Yours now")
    }
    #expect(!store.state.isSignUpEnabled)
    await store.send(.alertDismissed) { $0.alert = nil }
    await store.finish()
    #expect(
      requests.values == [SignUpRequest(username: "alice", email: "alice@example.com", password: "correct horse")])
  }

  @Test func aFailedSignUpShowsTheError() async {
    let store = TestStore(initialState: Self.filledForm()) {
      SignUpForm()
    } withDependencies: {
      $0.userDirectory.signUp = { _ in throw UserDirectoryError.usernameTaken("alice") }
    }
    await store.send(.createButtonTapped) { $0.isSigningUp = true }
    await store.receive(.signUpFinished(error: "The username alice is already taken.")) {
      $0.isSigningUp = false
      $0.alert = SignUpForm.Alert(title: "Sign-up failed", message: "The username alice is already taken.")
    }
    await store.finish()
  }

  @Test func createDoesNothingWhileDisabled() async {
    var state = Self.filledForm()
    state.isSigningUp = true
    let store = TestStore(initialState: state) { SignUpForm() }
    await store.send(.createButtonTapped)
    await store.finish()
  }
}
