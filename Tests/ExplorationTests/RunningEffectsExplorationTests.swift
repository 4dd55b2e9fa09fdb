import Braid
import BraidExploration
import BraidTrace
import CounterFeature
import CounterTools
import Foundation
import SignUpFeature
import SignUpTools
import Testing

/// Explorations whose effects run on the walk's test clock: the sign-up form's debounced check
/// and its sign-up, against a directory in memory, and the counter's timer and factoring, with
/// time passing as a step.
@MainActor
@Suite struct RunningEffectsExplorationTests {
  @Test func theCounterKeepsItsRulesWithItsEffectsRunning() async {
    let report = await CounterExploration.runningExploration().run(seed: 0, steps: ExplorationBudget.steps(20_000))
    #expect(report.counterexample == nil, "\(report)")
    // Ticks and factors came back from running effects, never answered by the walk.
    for fedBack in ["timerTicked", "factorsComputed"] {
      #expect(report.coverage.fedBack[fedBack, default: 0] > 0, "\(report.coverage)")
      #expect(report.coverage.sent[fedBack] == nil, "\(report.coverage)")
    }
  }

  @Test func theFormKeepsItsRulesWithItsEffectsRunning() async {
    // Seed 0 makes a sign-up within the first 2,000 steps, the budget under a sanitizer: a run is
    // the same on every machine, so the full run walks those same steps first.
    let report = await SignUpExploration.runningExploration().run(seed: 0, steps: ExplorationBudget.steps(20_000))
    #expect(report.counterexample == nil, "\(report)")
    #expect(report.steps == ExplorationBudget.steps(20_000))
    // Every answer the directory gives came back from a running effect: available, taken,
    // offline, a sign-up made and one refused.
    #expect(report.coverage.neverOccurred.isEmpty, "\(report.coverage)")
    for fedBack in ["availabilityChecked", "availabilityCheckFailed", "signUpFinished"] {
      #expect(report.coverage.fedBack[fedBack, default: 0] > 0, "\(report.coverage)")
      #expect(report.coverage.sent[fedBack] == nil, "\(report.coverage)")
    }
    #expect(report.coverage.effectsStarted["availability", default: 0] > 0, "\(report.coverage)")
    #expect(report.coverage.effectsStarted["signUp", default: 0] > 0, "\(report.coverage)")
  }

  @Test func createEnabledWhileCheckingIsFoundWithTheRealCheck() async throws {
    let broken = SignUpExploration.runningExploration(SignUpExplorationTests.CreateEnabledWhileChecking())
    var found = 0
    for seed in UInt64(0)...9 {
      guard let counterexample = await broken.run(seed: seed, steps: 10_000).counterexample else { continue }
      found += 1
      #expect(counterexample.steps.count <= 6, "seed \(seed): \(counterexample)")
      #expect(
        await SignUpExploration.runningExploration().check(counterexample.steps) == nil,
        "seed \(seed): \(counterexample)")
    }
    #expect(found >= 9, "found from \(found) of 10 seeds")
  }

  @Test func timePassingAnswersTheCheckAndTheShrunkStepsSayHowMuch() async throws {
    let broken = SignUpExploration.runningExploration(SignUpExplorationTests.CreateEnabledWhileChecking())
    let counterexample = try #require(await broken.run(seed: 0, steps: 10_000).counterexample)
    // A name confirmed available needs the debounce (300 ms) and the check (200 ms) to pass.
    let waits = counterexample.steps.compactMap { step -> Duration? in
      if case .advance(let duration) = step.kind { duration } else { nil }
    }
    #expect(!waits.isEmpty, "\(counterexample)")
    #expect(counterexample.description.contains("let "), "\(counterexample)")
    #expect(await broken.check(counterexample.steps)?.violation == counterexample.violation)
  }

  @Test func aCounterexampleWithRunningEffectsIsSavedAsATraceThatReplays() async throws {
    let broken = SignUpExploration.runningExploration(SignUpExplorationTests.CreateEnabledWhileChecking())
    let counterexample = try #require(await broken.run(seed: 0, steps: 10_000).counterexample)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("braid-explore-\(UUID()).trace").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await broken.recordTrace(of: counterexample.steps, feature: "SignUp", to: path)
    var replay = try TraceReplay(path: path, feature: SignUpExplorationTests.CreateEnabledWhileChecking()) {
      $0.userDirectory = .noop
    }
    guard case .verified(let actions, _) = try replay.verify() else {
      Issue.record("the saved counterexample did not replay")
      return
    }
    // The steps sent, and what the check sent back while time passed.
    let sent = counterexample.steps.filter { if case .send = $0.kind { true } else { false } }.count
    #expect(actions > sent, "\(counterexample)")
    #expect(replay.state == counterexample.after)
  }

  @Test func aSeedGivesTheSameRunEveryTime() async {
    let exploration = SignUpExploration.runningExploration(SignUpExplorationTests.CreateEnabledWhileChecking())
    let first = await exploration.run(seed: 42, steps: 5_000)
    let second = await exploration.run(seed: 42, steps: 5_000)
    #expect(first.description == second.description)
  }
}

/// Features whose effects misbehave when they run: one that never waits, one that outlives its
/// feature.
@MainActor
@Suite struct MisbehavingEffectsExplorationTests {
  struct Feature: Reducer {
    enum Action: Equatable, Sendable { case start, tick }
    let effect: @Sendable (Send<Action>) async -> Void

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .start: return .run(operation: effect)
      case .tick:
        state += 1
        return .none
      }
    }
  }

  func exploration(_ effect: @escaping @Sendable (Send<Feature.Action>) async -> Void) -> Exploration<
    Int, Feature.Action
  > {
    Exploration(
      initialState: 0, reducer: Feature(effect: effect), actions: [.action("start", .start)], effects: .run,
      invariants: [])
  }

  @Test func anEffectThatNeverWaitsIsAViolationNotAHang() async throws {
    let report = await exploration { send in
      // Never waits for anything: it only yields, until the walk's end cancels it.
      while !Task.isCancelled { await Task.yield() }
    }.run(seed: 0, steps: 100)
    let counterexample = try #require(report.counterexample, "\(report)")
    #expect(counterexample.violation.hasPrefix("the effects did not settle"), "\(counterexample)")
    #expect(counterexample.steps.count == 1)
  }

  @Test func anEffectThatOutlivesItsFeatureIsAViolation() async throws {
    let parked = SanitizerVisibleMutex<[CheckedContinuation<Void, Never>]>([])
    let report = await exploration { _ in
      // Waits for something cancellation does not reach.
      await withCheckedContinuation { continuation in parked.withLock { $0.append(continuation) } }
    }.run(seed: 0, steps: 100)
    let counterexample = try #require(report.counterexample, "\(report)")
    #expect(
      counterexample.violation.hasPrefix(
        "an effect still ran after the feature dismounted: effect #1 (run, started by"),
      "\(counterexample)")
    #expect(counterexample.steps.count == 1)
    for continuation in parked.withLock({ $0 }) { continuation.resume() }
  }
}
