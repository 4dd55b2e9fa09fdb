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
@Test func exploredSignUpCounterexample() async throws {
  try await exploredSignUpCounterexample(SignUpExplorationTests.CreateEnabledWhileChecking())
}

/// The recorded session, step by step, against `reducer`.
@MainActor
func exploredSignUpCounterexample(_ reducer: some Reducer<SignUpFeature.SignUpForm.State, SignUpFeature.SignUpForm.Action>) async throws {
  let initialState = try JSONDecoder().decode(SignUpFeature.SignUpForm.State.self, from: Data(#"{"availability":{"empty":{}},"email":"","isSigningUp":false,"password":"","passwordVerification":"","username":""}"#.utf8))
  let store = TestStore(
    initialState: initialState,
    effects: .described
  ) {
    reducer
  } withDependencies: {
    $0.userDirectory = .noop
  }
  await store.send(.usernameChanged("a")) {
    $0.username = "a"
    $0.availability = .validating
  }
  let effect1 = store.effectStarted(.run, ids: ["availability"], timing: EffectTiming(.debounce, interval: .milliseconds(300)))
  await store.answer(effect1, with: .availabilityChecked(username: "a", isAvailable: true))
  await store.receive(.availabilityChecked(username: "a", isAvailable: true)) {
    $0.availability = .checked(isAvailable: true, message: "Username available")
  }
  await store.complete(effect1)
  await store.send(.usernameChanged("a"))
  let effect2 = store.effectStarted(.run, ids: ["availability"], timing: EffectTiming(.debounce, interval: .milliseconds(300)))
  await store.dismount()
  store.effectCancelled(effect2)
  await store.finish()
}
