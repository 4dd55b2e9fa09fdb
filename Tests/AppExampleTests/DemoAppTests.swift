import AppFeature
import Braid
import BraidTestSupport
import BraidTesting
import CounterFeature
import SignUpFeature
import Synchronization
import Testing
import UserDirectoryClient

@MainActor
struct DemoAppTests {
  @Test func pushesAndPopsScreensAndRefusesWhatItCannotDo() async {
    let store = TestStore(initialState: DemoApp.State()) { DemoApp() }
    await store.send(.popTapped) { $0.notice = "nothing to pop: this is the home screen" }
    await store.send(.pushTapped(.counter)) {
      $0.notice = nil
      $0.path.append(.counter(Counter.State()))
    }
    await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped)))) {
      $0.path[id: 0] = .counter(Counter.State(count: 1))
    }
    await store.send(.pushTapped(.signup)) { $0.path.append(.signUp(SignUpForm.State())) }
    await store.send(.pushTapped(.counter)) { $0.notice = "Counter is open already, at depth 1: pop back to it" }
    await store.send(.popTapped) {
      $0.notice = nil
      $0.path.removeLast()
    }
    // A new push is a new element: its id is never one given before.
    await store.send(.pushTapped(.signup)) { $0.path.append(.signUp(SignUpForm.State())) }
    #expect(store.state.path.ids == [0, 2])
    await store.send(.quitTapped) {
      $0.path.removeLast(2)
      $0.hasQuit = true
    }
  }

  @Test func poppingTheCounterStopsItsTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: DemoApp.State()) {
      DemoApp()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.pushTapped(.counter)) { $0.path.append(.counter(Counter.State())) }
    await store.send(.path(.element(id: 0, action: .counter(.timerButtonTapped)))) {
      $0.path[id: 0] = .counter(Self.counter(isTimerRunning: true))
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .counter(.timerTicked)))) {
      $0.path[id: 0] = .counter(Self.counter(count: 1, isTimerRunning: true))
    }
    await store.send(.popTapped) { $0.path.removeLast() }
    #expect(clock.pendingSleepers == 0)
    await clock.advance(by: .seconds(5))
  }

  @Test func quittingDuringASignUpAsksAndTheSheetDismissesItself() async {
    let clock = TestClock()
    let cancelled = Mutex(false)
    let store = TestStore(initialState: Self.appWithFilledForm()) {
      DemoApp()
    } withDependencies: {
      $0.continuousClock = clock
      $0.userDirectory.signUp = { _ in
        // Stands for a sign-up that takes long: it ends only when cancelled.
        do {
          try await clock.sleep(for: .seconds(60))
        } catch {
          cancelled.withLock { $0 = true }
          throw error
        }
      }
    }
    await store.send(.path(.element(id: 0, action: .signUp(.createButtonTapped)))) {
      $0.path[id: 0] = .signUp(Self.filledForm(isSigningUp: true))
    }
    await store.send(.quitTapped) { $0.quitConfirmation = QuitConfirmation.State(username: "alice") }
    // Stay: the sheet ends itself with dismiss(), and the sign-up goes on.
    await store.send(.quitConfirmation(.presented(.stayTapped)))
    await store.receive(.quitConfirmation(.dismiss)) { $0.quitConfirmation = nil }
    #expect(!store.state.hasQuit)
    #expect(cancelled.withLock { !$0 })

    await store.send(.quitTapped) { $0.quitConfirmation = QuitConfirmation.State(username: "alice") }
    await store.send(.quitConfirmation(.presented(.quitTapped)))
    await store.receive(.quitConfirmation(.presented(.delegate(.quit)))) {
      $0.path.removeLast()
      $0.hasQuit = true
    }
    await store.receive(.quitConfirmation(.dismiss)) { $0.quitConfirmation = nil }
    await store.finish()
    // Quitting popped the form, which cancelled its sign-up: no answer ever comes.
    #expect(cancelled.withLock { $0 })
  }

  @Test func theSheetSaysWhenTheSignUpFinishesMeanwhile() async {
    let answer = Gate()
    let store = TestStore(initialState: Self.appWithFilledForm()) {
      DemoApp()
    } withDependencies: {
      $0.continuousClock = TestClock()
      $0.userDirectory.signUp = { _ in await answer.wait() }
    }
    let signUp = await store.send(.path(.element(id: 0, action: .signUp(.createButtonTapped)))) {
      $0.path[id: 0] = .signUp(Self.filledForm(isSigningUp: true))
    }
    await store.send(.quitTapped) { $0.quitConfirmation = QuitConfirmation.State(username: "alice") }
    answer.open()
    await signUp.finish()
    await store.receive(.path(.element(id: 0, action: .signUp(.signUpFinished(error: nil))))) {
      var form = Self.filledForm(isSigningUp: false)
      form.alert = SignUpForm.Alert(title: "Signed up", message: "Welcome, alice!")
      form.availability = .checked(isAvailable: false, message: SignUpForm.Availability.yoursMessage)
      $0.path[id: 0] = .signUp(form)
      $0.quitConfirmation?.signUpHasFinished = true
      $0.$signedInUser.withLock { $0 = "alice" }
    }
    await store.send(.quitConfirmation(.presented(.quitTapped)))
    await store.receive(.quitConfirmation(.presented(.delegate(.quit)))) {
      $0.path.removeLast()
      $0.hasQuit = true
    }
    await store.receive(.quitConfirmation(.dismiss)) { $0.quitConfirmation = nil }
  }

  @Test func whoSignedUpIsSharedWithTheAppsMakerAndAFailureSharesNothing() async {
    let session = Shared<String?>(value: nil)
    var app = DemoApp.State(signedInUser: session)
    app.path.append(.signUp(Self.filledForm(isSigningUp: false)))
    let failures = Mutex([true, false])
    let store = TestStore(initialState: app) {
      DemoApp()
    } withDependencies: {
      $0.continuousClock = TestClock()
      $0.userDirectory.signUp = { _ in
        if failures.withLock({ $0.removeFirst() }) { throw UserDirectoryError.unavailable }
      }
    }
    await store.send(.path(.element(id: 0, action: .signUp(.createButtonTapped)))) {
      $0.path[id: 0] = .signUp(Self.filledForm(isSigningUp: true))
    }
    let failure = "\(UserDirectoryError.unavailable)"
    await store.receive(.path(.element(id: 0, action: .signUp(.signUpFinished(error: failure))))) {
      var form = Self.filledForm(isSigningUp: false)
      form.alert = SignUpForm.Alert(title: "Sign-up failed", message: failure)
      $0.path[id: 0] = .signUp(form)
    }
    #expect(session.wrappedValue == nil)
    await store.send(.path(.element(id: 0, action: .signUp(.createButtonTapped)))) {
      // The failure's alert stays up until the answer replaces it.
      var form = Self.filledForm(isSigningUp: true)
      form.alert = SignUpForm.Alert(title: "Sign-up failed", message: failure)
      $0.path[id: 0] = .signUp(form)
    }
    await store.receive(.path(.element(id: 0, action: .signUp(.signUpFinished(error: nil))))) {
      var form = Self.filledForm(isSigningUp: false)
      form.alert = SignUpForm.Alert(title: "Signed up", message: "Welcome, alice!")
      form.availability = .checked(isAvailable: false, message: SignUpForm.Availability.yoursMessage)
      $0.path[id: 0] = .signUp(form)
      $0.$signedInUser.withLock { $0 = "alice" }
    }
    // The maker's value is the app's: one value, not a copy.
    #expect(session.wrappedValue == "alice")
  }

  /// The app with a sign-up form ready to submit, as element 0.
  static func appWithFilledForm() -> DemoApp.State {
    var app = DemoApp.State()
    app.path.append(.signUp(filledForm(isSigningUp: false)))
    return app
  }

  static func filledForm(isSigningUp: Bool) -> SignUpForm.State {
    var form = SignUpForm.State()
    form.username = "alice"
    form.email = "alice@example.com"
    form.password = "correct horse"
    form.passwordVerification = "correct horse"
    form.availability = .checked(isAvailable: true, message: "Username available")
    form.isSigningUp = isSigningUp
    return form
  }

  static func counter(count: Int = 0, isTimerRunning: Bool) -> Counter.State {
    var counter = Counter.State(count: count)
    counter.isTimerRunning = isTimerRunning
    return counter
  }
}
