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
  let store = TestStore(
    initialState: initialState,
    effects: .described
  ) {
    reducer
  } withDependencies: {
    $0.userDirectory = .noop
  }
  await store.send(.usernameChanged("alice")) {
    $0.username = "alice"
    $0.availability = .validating
  }
  let effect1 = store.effectStarted(.run, ids: ["availability"], timing: EffectTiming(.debounce, interval: .milliseconds(300)))
  // Sent by the trace's effect 1.1, which effect1's task started.
  await store.answer(effect1, with: .availabilityChecked(username: "alice", isAvailable: true))
  await store.receive(.availabilityChecked(username: "alice", isAvailable: true)) {
    $0.availability = .checked(isAvailable: true, message: "Username available")
  }
  await store.complete(effect1)
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
