import Braid
import BraidExploration
import BraidTrace
import Foundation
import SignUpFeature
import SignUpTools
import Testing

/// The sign-up form explored: the unbroken form keeps its rules; a form that keeps Create
/// enabled while it checks a new name is found and shrunk.
@MainActor
@Suite struct SignUpExplorationTests {
  /// The form, which keeps a confirmed name's availability while it checks the next name.
  struct CreateEnabledWhileChecking: Reducer {
    func reduce(into state: inout SignUpForm.State, action: SignUpForm.Action) -> Effect<SignUpForm.Action> {
      let kept = state.availability
      let effect = SignUpForm().reduce(into: &state, action: action)
      if case .usernameChanged = action, kept.isAvailable, state.availability == .validating {
        state.availability = kept
      }
      return effect
    }
  }

  @Test func theFormKeepsItsRules() async {
    let report = await SignUpExploration.exploration().run(seed: 1, steps: ExplorationBudget.steps(100_000))
    #expect(report.counterexample == nil, "\(report)")
    #expect(report.coverage.neverOccurred.isEmpty, "\(report.coverage)")
  }

  @Test func createEnabledWhileCheckingIsFoundAndShrunk() async throws {
    let report = await SignUpExploration.exploration(CreateEnabledWhileChecking()).run(seed: 0, steps: 10_000)
    let counterexample = try #require(report.counterexample, "\(report)")
    #expect(counterexample.steps.count <= 6)
    // A name confirmed available, then another typed: the check runs, the form does not say so.
    #expect(counterexample.steps.first?.description == #"send .usernameChanged("a")"#)
    #expect(counterexample.after.availability.isAvailable)
  }

  @Test func aCounterexampleBecomesATestStoreTestThatAnswersItsEffects() async throws {
    let broken = SignUpExploration.exploration(CreateEnabledWhileChecking())
    let counterexample = try #require(await broken.run(seed: 0, steps: 10_000).counterexample)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("braid-explore-\(UUID()).trace").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await broken.recordTrace(of: counterexample.steps, feature: "SignUp", to: path)
    let test = try TraceTestEmitter(
      testName: "exploredSignUp", imports: ["SignUpFeature"], reducer: "CreateEnabledWhileChecking()",
      dependencies: ["$0.userDirectory = .noop", "$0.continuousClock = ImmediateClock()"]
    ).emit(path: path, feature: CreateEnabledWhileChecking()) {
      $0.userDirectory = .noop
      $0.continuousClock = ImmediateClock()
    }
    // The check's answer is the described effect's answer, as the exploration gave it.
    #expect(
      test.contains(
        #"let effect1 = store.effectStarted(.run, ids: ["availability"], timing: EffectTiming(.debounce, interval: .milliseconds(300)))"#
      ), "\(test)")
    #expect(
      test.contains(#"await store.answer(effect1, with: .availabilityChecked(username: "a", isAvailable: true))"#),
      "\(test)")
    #expect(test.contains(#"await store.send(.usernameChanged("a"))"#))
  }
}
