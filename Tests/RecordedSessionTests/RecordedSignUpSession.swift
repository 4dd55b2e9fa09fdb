// swift-format-ignore-file
// Emitted by `braid-demo replay signup.trace --emit-test`.
// Regenerate it rather than edit it.

import Braid
import BraidTesting
import Foundation
import SignUpFeature
import Testing
import UserDirectoryClient

@MainActor
@Test func recordedSignUpSession() async throws {
  try await recordedSignUpSession(SignUpForm())
}

/// The recorded session, step by step, against `reducer`.
@MainActor
func recordedSignUpSession(_ reducer: some Reducer<SignUpFeature.SignUpForm.State, SignUpFeature.SignUpForm.Action>) async throws {
  let initialState = try JSONDecoder().decode(SignUpFeature.SignUpForm.State.self, from: Data(#"{"availability":{"empty":{}},"email":"","isSigningUp":false,"password":"","passwordVerification":"","username":""}"#.utf8))
  let clock = TestClock()
  let store = TestStore(
    initialState: initialState,
    effects: .describedExceptTiming
  ) {
    reducer
  } withDependencies: {
    $0.continuousClock = clock
    $0.userDirectory = .noop
  }
  await store.send(.usernameChanged("alice")) {
    $0.username = "alice"
    $0.availability = .validating
  }
  store.effectStarted(.run, ids: ["availability"], timing: EffectTiming(.debounce, interval: .milliseconds(300)))  // effect1
  await clock.advance(by: .milliseconds(300))
  // Started by effect1 once its wait was over; the test store numbers it #2.
  let effect1_1 = store.effectStarted(.run, ids: ["availability"])
  await clock.advance(by: .milliseconds(100))
  await store.answer(effect1_1, with: .availabilityChecked(username: "alice", isAvailable: true))
  await store.receive(.availabilityChecked(username: "alice", isAvailable: true)) {
    $0.availability = .checked(isAvailable: true, message: "Username available")
  }
  await store.complete(effect1_1)
  // effect1 ends by itself, as what it started has ended.
  await store.send(.emailChanged("alice@example.com")) {
    $0.email = "alice@example.com"
  }
  await store.send(.passwordChanged("password-1")) {
    $0.password = "password-1"
  }
  await store.send(.passwordVerificationChanged("password-1")) {
    $0.passwordVerification = "password-1"
  }
  await store.send(.createButtonTapped) {
    $0.isSigningUp = true
  }
  // The trace's effect 2; the test store numbers it #3.
  let effect2 = store.effectStarted(.run, ids: ["signUp"])
  await store.answer(effect2, with: .signUpFinished(error: nil))
  await store.receive(.signUpFinished(error: nil)) {
    $0.availability = .checked(isAvailable: false, message: "Yours now")
    $0.isSigningUp = false
    $0.alert = try JSONDecoder().decode(Swift.Optional<SignUpFeature.SignUpForm.Alert>.self, from: Data(#"{"message":"Welcome, alice!","title":"Signed up"}"#.utf8))
  }
  await store.complete(effect2)
  await store.finish()
}
