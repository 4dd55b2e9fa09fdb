import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// Every kind of `TestStore` failure, through Swift Testing's own `Issue.record` (no handler
/// installed), each pinned by its whole text and the line it points at.
@MainActor
@Suite(.checksStoreLeaks)
struct RecordedIssueTests {
  typealias Feature = TestStoreFeature

  /// A parent whose optional child is absent, for the missing-child report.
  struct Parent: Reducer {
    struct State: Equatable { var child: Int? }
    enum Action: Equatable, Sendable { case child(Int) }
    static let ifLetLine = #line + 3
    var body: some ReducerOf<Self> {
      Reduce { _, _ in .none }
        .ifLet(\.child, action: /Action.child) { Reduce<Int, Int> { _, _ in .none } }
    }
  }

  /// Reads the time of a clock dependency left unimplemented.
  struct ReadsTheClock: Reducer {
    @Dependency(\.continuousClock) var clock
    func reduce(into state: inout Int, action: Int) -> Effect<Int> {
      _ = clock.now
      return .none
    }
  }

  static func store() -> TestStore<Feature.State, Feature.Action> {
    TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
  }

  @Test func aStateMismatch() async {
    let store = Self.store()
    await expectIssues(
      [
        """
        A state change does not match expectation: …

          TestStoreFeature.State(
        −   count: 2,
        +   count: 1,
            isLoading: false,
            fact: nil,
          )

        (Expected: −, Actual: +)
        """
      ], atLine: #line + 1
    ) { await store.send(.increment) { $0.count = 2 } }
  }

  @Test func anUnexpectedStateChange() async {
    let store = Self.store()
    await expectIssues(
      [
        """
        State was not expected to change, but a change occurred: …

          TestStoreFeature.State(
        −   count: 0,
        +   count: 1,
            isLoading: false,
            fact: nil,
          )

        (Expected: −, Actual: +)
        """
      ], atLine: #line + 1
    ) { await store.send(.increment) }
  }

  @Test func anUnexpectedAction() async {
    let store = Self.store()
    await store.send(.chain)
    await expectIssues(
      [
        """
        Received unexpected action: …

        Expected: .noop
        Received: .increment
        """
      ], atLine: #line + 1
    ) { await store.receive(.noop) }
    await store.skipReceivedActions()
    await store.finish()
  }

  @Test func aMissingAction() async {
    let store = Self.store()
    await expectIssues(
      ["Expected to receive .tick, but received none and no effect is running."], atLine: #line + 1
    ) { await store.receive(.tick) }
  }

  @Test func anEffectStillRunningAtFinish() async {
    let store = Self.store()
    await store.send(.startTimer)
    await expectIssues(
      [
        """
        An effect returned for an action is still running. It must complete before the end of the test.

        Still running, started by:
          .startTimer

        To fix, inspect the effect: cancel it with an id, have it finish, or call \
        `await store.skipInFlightEffects()` if it is not the subject of this test.
        """
      ], atLine: #line + 1
    ) { await store.finish(timeout: .zero) }
    await store.send(.stopTimer)
    await store.finish()
  }

  /// A zero timeout: the wait ends at once, so the failure needs no wall-clock wait.
  @Test func aReceiveTimeout() async {
    let store = Self.store()
    await store.send(.startTimer)
    await expectIssues(
      [
        """
        Expected to receive .tick, but received none after 0.0 seconds. 1 effect is still in flight, started by:
          .startTimer
        """
      ], atLine: #line + 1
    ) { await store.receive(.tick, timeout: .zero) }
    await store.send(.stopTimer)
    await store.finish()
  }

  /// The timer sleeps on a clock the test has not advanced: nothing can send `.tick`, so the
  /// receive fails at once with that reason, not after its 30-second timeout (the message would
  /// then name the timeout).
  @Test func aReceiveWhileEveryEffectWaitsFailsAtOnce() async {
    let store = Self.store()
    await store.send(.startTimer)
    await expectIssues(
      [
        """
        Expected to receive .tick, but received none: the effect still in flight is waiting (on a clock \
        not advanced far enough, a subscription or other outside input), started by:
          .startTimer
        """
      ], atLine: #line + 1
    ) { await store.receive(.tick) }
    await store.send(.stopTimer)
    await store.finish()
  }

  @Test func anUnimplementedDependency() async {
    let store = TestStore(initialState: 0) { ReadsTheClock() }
    await expectIssues(
      ["Unimplemented: the 'continuousClock' clock was asked for the time. Override it with a TestClock."],
      atLine: #line + 1
    ) { await store.send(1) }
  }

  @Test func anActionForAMissingChild() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await expectIssues(
      [
        """
        An ifLet at BraidTestingTests/RecordedIssueTests.swift:\(Parent.ifLetLine) received a child action \
        when child state was nil: child(1). Send child actions only while the child state is present.
        """
      ], atLine: Parent.ifLetLine
    ) { await store.send(.child(1)) }
  }

  /// An exhaustive test store released with an effect running fails the test at its creation.
  @Test func aTestStoreReleasedWithAnEffectRunning() async {
    let clock = TestClock()
    var line = 0
    await expectIssues(
      [
        """
        The test store was released while an effect it started was still running. Effects must \
        complete before the end of the test.

        Still running, started by:
          .startTimer

        To fix, end the test with `await store.finish()`, which waits for them; cancel an effect \
        with an id, or call `await store.skipInFlightEffects()` if it is not the subject of this test.
        """
      ], atLine: line
    ) {
      line = #line + 1
      let store = TestStore(initialState: Feature.State()) {
        Feature()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.startTimer)
    }
  }

  /// An exhaustive test store released with an action received and never asserted fails the
  /// test at its creation, as TCA's does (before, only `finish()` noticed).
  @Test func aTestStoreReleasedWithAReceivedActionUnasserted() async {
    var line = 0
    await expectIssues(
      [
        """
        The test store was released with 2 received actions not asserted. Every action an effect \
        feeds back must be asserted before the end of the test.

        Unhandled actions:
          .increment
          .increment

        To fix, assert each with `await store.receive(…)`, or call `await store.skipReceivedActions()` \
        if they are not the subject of this test.
        """
      ], atLine: line
    ) {
      line = #line + 1
      let store = TestStore(initialState: Feature.State()) { Feature() }
      // `.chain` feeds back two `.increment`s at once; the test asserts neither.
      await store.send(.chain)
    }
  }

  /// Released after `finish()`, or with the effect skipped, or non-exhaustive: nothing to report.
  @Test func aReleasedTestStoreWithNothingRunningIsQuiet() async {
    let messages = await recordedFailures {
      do {
        let store = Self.store()
        await store.send(.startTimer)
        await store.skipInFlightEffects()
      }
      do {
        let store = Self.store()
        store.exhaustivity = .off
        await store.send(.startTimer)
      }
      do {
        let store = Self.store()
        await store.send(.load) { $0.isLoading = true }
        await store.skipReceivedActions()
      }
    }
    #expect(messages.isEmpty)
  }
}

/// Runs `body` and expects exactly the `expected` issues, recorded through Swift Testing itself,
/// each with its whole text and pointing at `line` of `fileID`.
@MainActor
func expectIssues(
  _ expected: [String],
  atLine line: @autoclosure () -> Int,
  fileID: String = #fileID,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async -> Void
) async {
  let issues = Recorder<Issue>()
  await withKnownIssue {
    await body()
  } matching: { issue in
    issues.append(issue)
    return true
  }
  let recorded = issues.values
  #expect(
    recorded.map { $0.comments.map(\.rawValue).joined(separator: "\n") } == expected, sourceLocation: sourceLocation)
  let expectedLine = line()
  for issue in recorded {
    #expect(issue.sourceLocation?.line == expectedLine, sourceLocation: sourceLocation)
    #expect(issue.sourceLocation?.fileID == fileID, sourceLocation: sourceLocation)
  }
}
