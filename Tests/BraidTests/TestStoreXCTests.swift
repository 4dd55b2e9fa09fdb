import Braid
import BraidTesting
import CounterExample
import XCTest

/// TestStore driven from XCTest: the passing path, and a failure recorded through XCTest.
@MainActor
final class TestStoreXCTests: XCTestCase {
  func testCounterPassesUnderXCTest() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State(count: 3)) { Counter(clock: clock) }
    await store.send(.factorButtonTapped) { $0.isFactoring = true }
    await store.receive(.factorsComputed([3])) {
      $0.isFactoring = false
      $0.factors = [3]
    }
    await store.send(.timerButtonTapped) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) {
      $0.count = 4
      $0.factors = nil
    }
    await store.send(.timerButtonTapped) { $0.isTimerRunning = false }
    await store.finish()
  }

  func testMismatchIsCapturedWithTheSameMessage() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    let issues = Recorder<IssueReporting.Issue>()
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      await store.send(.incrementButtonTapped) { $0.count = 2 }
    }
    XCTAssertEqual(issues.count, 1)
    XCTAssertEqual(issues.values.first?.fileID, "BraidTests/TestStoreXCTests.swift")
    XCTAssertTrue(issues.values.first?.message.contains("−   count: 2,\n+   count: 1,") == true)
  }

  func testOtherFailureKindsUnderXCTest() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    let issues = Recorder<IssueReporting.Issue>()
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      await store.send(.incrementButtonTapped)
      await store.send(.factorsComputed([])) { $0.factors = [] }
      await store.send(.factorsComputed([])) { $0.factors = [] }
      await store.receive(.timerTicked, timeout: .milliseconds(10))
    }
    XCTAssertEqual(
      issues.values.map { $0.message.components(separatedBy: "\n").first ?? "" },
      [
        "State was not expected to change, but a change occurred: …",
        "Expected state to change, but no change occurred.",
        "Expected to receive .timerTicked, but received none and no effect is running.",
      ]
    )
  }
}
