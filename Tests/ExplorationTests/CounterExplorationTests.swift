import Braid
import BraidExploration
import BraidTrace
import CounterFeature
import CounterTools
import Foundation
import Testing

/// The counter explored: the unbroken one keeps its rules, a timer left running when stopped is
/// found, shrunk and reported.
@MainActor
@Suite struct CounterExplorationTests {
  /// The counter, whose timer button stops the timer in its state but leaves its effect running.
  struct TimerNotCancelledOnStop: Reducer {
    func reduce(into state: inout Counter.State, action: Counter.Action) -> Effect<Counter.Action> {
      if action == .timerButtonTapped, state.isTimerRunning {
        state.isTimerRunning = false
        return .none
      }
      return Counter().reduce(into: &state, action: action)
    }
  }

  /// The counter, whose stop cancels the timer but sends one more tick a tick later: no effect
  /// under the timer's id runs while it is off, so only time passing shows the bug.
  struct TimerTicksOnceMoreAfterStop: Reducer {
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout Counter.State, action: Counter.Action) -> Effect<Counter.Action> {
      let effect = Counter().reduce(into: &state, action: action)
      guard action == .timerButtonTapped, !state.isTimerRunning else { return effect }
      return effect.merge(
        with: .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.timerTicked)
        })
    }
  }

  @Test func theCounterKeepsItsRules() async {
    let report = await CounterExploration.exploration().run(seed: 1, steps: ExplorationBudget.steps(100_000))
    #expect(report.counterexample == nil, "\(report)")
    #expect(report.steps == ExplorationBudget.steps(100_000))
    // Another process sends `countChangedElsewhere` (the interactive counter's shared file); the
    // exploration's user does not.
    #expect(report.coverage.neverOccurred == ["countChangedElsewhere"], "\(report.coverage)")
  }

  @Test func aTimerLeftRunningIsFoundAndShrunk() async throws {
    let report = await CounterExploration.exploration(TimerNotCancelledOnStop()).run(seed: 0, steps: 10_000)
    let counterexample = try #require(report.counterexample, "\(report)")
    #expect(counterexample.violation == "a timer effect runs exactly while the timer is on")
    #expect(counterexample.steps.map(\.description) == ["send .timerButtonTapped", "send .timerButtonTapped"])
    #expect(
      report.description.contains("violated: a timer effect runs exactly while the timer is on\nafter 2 step(s):"))
  }

  @Test func aCounterexampleIsSavedAsATraceThatReplaysToItsLastState() async throws {
    let broken = CounterExploration.exploration(TimerNotCancelledOnStop())
    let report = await broken.run(seed: 3, steps: 10_000)
    let counterexample = try #require(report.counterexample)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("braid-explore-\(UUID()).trace").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await broken.recordTrace(of: counterexample.steps, feature: "Counter", to: path)
    var replay = try TraceReplay(path: path, feature: TimerNotCancelledOnStop())
    guard case .verified(let steps, _) = try replay.verify() else {
      Issue.record("the saved counterexample did not replay")
      return
    }
    #expect(steps == counterexample.steps.count)
    #expect(replay.state == counterexample.after)
    // Replayed again, the steps still break the rule.
    #expect(await broken.check(counterexample.steps)?.violation == counterexample.violation)
  }
}
