import Braid
import BraidTesting
import Foundation
import Testing

/// Store ≡ TestStore: seeded random scripts over ``Playground`` run through a live `Store` and
/// through a non-exhaustive `TestStore`, and the two traces must be identical step by step.
///
/// `swift test --filter DifferentialTests` runs 1,000 seeds. More, or one seed alone:
///
///     BRAID_DIFFERENTIAL_SEEDS=10000 swift test --filter DifferentialTests
///     BRAID_DIFFERENTIAL_SEED=4711 swift test --filter DifferentialTests
///
/// A diverging seed is reported with its script shrunk to a minimal one that still diverges.
@MainActor
@Suite(.checksStoreLeaks)
struct DifferentialTests {
  /// The seeds to run: `BRAID_DIFFERENTIAL_SEED` alone, else 1…`BRAID_DIFFERENTIAL_SEEDS` (1,000).
  static var seeds: [UInt64] {
    let environment = ProcessInfo.processInfo.environment
    if let seed = environment["BRAID_DIFFERENTIAL_SEED"].flatMap(UInt64.init) { return [seed] }
    let count = environment["BRAID_DIFFERENTIAL_SEEDS"].flatMap(UInt64.init) ?? 1_000
    return Array(1...max(1, count))
  }

  @Test func storeAndTestStoreAgreeOnEveryTrace() async {
    var diverged = 0
    for seed in Self.seeds {
      let script = Script.random(seed: seed)
      guard let divergence = await Self.divergence(script) else { continue }
      diverged += 1
      // Nothing after the first diverging step matters; then drop steps one at a time.
      let prefix = Array(script.prefix(divergence.step))
      let start = await Self.divergence(prefix) != nil ? prefix : script
      let minimal = await Script.shrink(start) { await Self.divergence($0) != nil }
      let detail = (await Self.divergence(minimal) ?? divergence).text
      Issue.record(
        """
        Seed \(seed): Store and TestStore diverged. Re-run it alone with \
        BRAID_DIFFERENTIAL_SEED=\(seed) swift test --filter DifferentialTests

        Minimal script (\(minimal.count) of \(script.count) steps):
        \(minimal.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"))

        \(detail)
        """
      )
      if diverged == 3 { break }
    }
  }

  @Test func aScriptIsTheSameForTheSameSeedAndShrinksToWhatFails() async {
    #expect(Script.random(seed: 42) == Script.random(seed: 42))
    #expect(Script.random(seed: 42) != Script.random(seed: 43))
    for seed: UInt64 in 1...50 { #expect(Script.isValid(Script.random(seed: seed))) }
    // Shrinking keeps exactly what the failure needs, and only valid scripts.
    let script: [ScriptStep] = [
      .send(.increment), .advance(milliseconds: 100), .send(.addRow), .send(.incrementTwice),
      .send(.rows(.element(id: 0, action: .tick))), .emit(3),
    ]
    let minimal = await Script.shrink(script) { steps in
      steps.contains { if case .send(.rows(.element(_, .tick))) = $0 { true } else { false } }
    }
    #expect(Script.isValid(minimal))
    #expect(minimal.count == 2)
  }

  @Test func theHarnessSeesADivergence() async {
    // Traces that differ only in the order of two steps' actions must be caught.
    let script: [ScriptStep] = [.send(.toggleChild), .send(.child(.onAppear)), .emit(1), .emit(2)]
    let live = await Self.runLive(script)
    let test = await Self.runTestStore(script)
    #expect(live == test)
    var altered = test
    altered.swapAt(3, 4)
    #expect(Self.describeDivergence(live: live, test: altered)?.step == 3)
    // And a stream that disagrees with the harness's own tracing reducer.
    var misreported = live
    misreported[2].streamed.removeLast()
    #expect(Self.describeDivergence(live: misreported, test: test)?.text.contains("Store's inspection stream") == true)
  }

  @Test func aTraceRecordsActionsInOrderAndEffectEventsPerStep() async {
    let script: [ScriptStep] = [
      .send(.addRow), .send(.rows(.element(id: 0, action: .startTimer))), .advance(milliseconds: 1_500),
      .send(.removeRow(0)), .send(.queryChanged("ab")), .advance(milliseconds: 300), .send(.fetch(failures: 1)),
    ]
    let trace = await Self.runTestStore(script)
    #expect(trace.count == script.count + 1)
    #expect(trace[3].reduced.count == 2)
    #expect(
      trace[3].reduced.allSatisfy {
        $0.hasPrefix(
          "rows(Braid.IdentifiedAction<Swift.Int, BraidTestingTests.Row.Action>.element(id: 0, action: BraidTestingTests.Row.Action.tick))"
        )
      })
    // The features' own logs, and the stream's: the row's timer under its path and id, the
    // search that outlived its debounce (started at step 5), the retried fetch as one effect.
    let timer = "engine run \\State.rows[id: 0] \\State.rows[id: 0]/TimerID()"
    #expect(trace[4].effects == ["timer 0 cancelled": 1, "\(timer) cancelled": 1])
    #expect(trace[6].reduced.first?.hasPrefix("searchResponse(\"AB\")") == true)
    #expect(
      trace[6].effects == [
        "search started": 1, "search finished": 1,
        "engine run SearchID() started": 1, "engine run SearchID() finished": 2,
      ])
    #expect(
      trace[7].effects == [
        "fetch started": 2, "fetch failed": 1, "fetch finished": 1,
        "engine run started": 1, "engine run finished": 1,
      ])
    #expect(trace[7].reduced.last?.contains("fetched: [2]") == true)
    #expect(await Self.runLive(script) == trace)
  }

  // MARK: - Running a script

  /// The first step where the traces differ and how, or `nil` when they agree.
  static func divergence(_ script: [ScriptStep]) async -> (step: Int, text: String)? {
    let live = await runLive(script)
    let test = await runTestStore(script)
    return describeDivergence(live: live, test: test)
  }

  static func describeDivergence(live: [TraceLog.Step], test: [TraceLog.Step]) -> (step: Int, text: String)? {
    for (name, trace) in [("Store", live), ("TestStore", test)] {
      guard let index = trace.firstIndex(where: { $0.streamed != $0.reduced }) else { continue }
      return (
        index,
        """
        The \(name)'s inspection stream disagrees with its tracing reducer at step \(index):
            \(trace[index].description)
        """
      )
    }
    guard live != test else { return nil }
    let index =
      zip(live, test).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(live.count, test.count)
    let step = index == 0 ? "before the first step" : "at step \(index)"
    return (
      index,
      """
      First difference \(step):
        Store:
            \(index < live.count ? live[index].description : "(no such step)")
        TestStore:
            \(index < test.count ? test[index].description : "(no such step)")
      """
    )
  }

  /// The trace of `script` through a live `Store`, its effects settled after every step.
  static func runLive(_ script: [ScriptStep]) async -> [TraceLog.Step] {
    let clock = TestClock<Duration>()
    let feed = Feed()
    let log = TraceLog()
    let executor = EffectExecutor()
    var store: Store<Playground.State, Playground.Action>? = Store(
      initialState: Playground.State(), inspector: log.inspector()
    ) {
      Tracing(base: Playground(clock: clock, feed: feed, log: log), log: log)
    }
    store?.effectExecutor = executor
    // The clock is the feature's own, not a dependency: register the settling by hand, as a
    // `TestStore` does for its clock dependencies.
    let settler = clock.addSettler { [weak executor] in await executor?.settleOrRecord() }
    defer { clock.removeSettler(settler) }
    for step in script {
      log.beginStep()
      switch step {
      case .send(let action): store?.send(action)
      case .advance(let milliseconds): await clock.advance(by: .milliseconds(milliseconds))
      case .emit(let value): feed.emit(value)
      }
      await executor.settleOrRecord()
    }
    log.beginStep()
    store = nil
    // Releasing the store stops the child's client at once.
    if feed.count != 0 { Issue.record("the live store left \(feed.count) feed listener(s) after release") }
    return Array(log.trace.dropLast())
  }

  /// The trace of `script` through a non-exhaustive `TestStore` that receives everything.
  static func runTestStore(_ script: [ScriptStep]) async -> [TraceLog.Step] {
    let clock = TestClock<Duration>()
    let feed = Feed()
    let log = TraceLog()
    let store = TestStore(initialState: Playground.State(), inspector: log.inspector()) {
      Tracing(base: Playground(clock: clock, feed: feed, log: log), log: log)
    }
    store.exhaustivity = .off
    let settler = clock.addSettler { [executor = store.effectExecutor] in await executor.settleOrRecord() }
    defer { clock.removeSettler(settler) }
    for step in script {
      log.beginStep()
      switch step {
      case .send(let action): await store.send(action)
      case .advance(let milliseconds): await clock.advance(by: .milliseconds(milliseconds))
      case .emit(let value): feed.emit(value)
      }
      await store.skipReceivedActions()
    }
    log.beginStep()
    await store.skipInFlightEffects()
    return Array(log.trace.dropLast())
  }
}

extension EffectExecutor {
  /// Settles, recording an issue if the effects never do (the harness's features always do), so
  /// a starved machine can never pass off a half-settled step as a divergence.
  @MainActor
  fileprivate func settleOrRecord() async {
    guard await !settle(on: MainActor.shared) else { return }
    Issue.record("The harness's effects did not settle: \(Self.unsettledMessage)")
  }
}
