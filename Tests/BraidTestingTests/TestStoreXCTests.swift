import Braid
import BraidTestSupport
import BraidTesting
import XCTest

/// TestStore driven from XCTest: the passing path, and a failure recorded through XCTest.
@MainActor
final class TestStoreXCTests: XCTestCase {
  func testFeaturePassesUnderXCTest() async {
    let clock = TestClock()
    let store = TestStore(initialState: TestStoreFeature.State()) {
      TestStoreFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(.loaded("fact 0")) {
      $0.isLoading = false
      $0.fact = "fact 0"
    }
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 1 }
    await store.send(.stopTimer)
    await store.finish()
  }

  func testMismatchIsCapturedWithTheSameMessage() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    let issues = Recorder<IssueReporting.Issue>()
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      await store.send(.increment) { $0.count = 2 }
    }
    XCTAssertEqual(issues.count, 1)
    XCTAssertEqual(issues.values.first?.fileID, "BraidTestingTests/TestStoreXCTests.swift")
    XCTAssertEqual(
      issues.values.first?.message,
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
    )
  }

  func testOtherFailureKindsUnderXCTest() async {
    let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
    let issues = Recorder<IssueReporting.Issue>()
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      await store.send(.increment)
      await store.send(.loaded("fact")) { $0.fact = "fact" }
      await store.send(.loaded("fact")) { $0.fact = "fact" }
      await store.receive(.tick, timeout: .milliseconds(10))
    }
    XCTAssertEqual(
      issues.values.map { $0.message.components(separatedBy: "\n").first ?? "" },
      [
        "State was not expected to change, but a change occurred: …",
        "Expected state to change, but no change occurred.",
        "Expected to receive .tick, but received none and no effect is running.",
      ]
    )
  }
}
