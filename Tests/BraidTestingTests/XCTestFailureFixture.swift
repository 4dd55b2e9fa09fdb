import Braid
import BraidTesting
import Foundation
import XCTest

/// A TestStore failure under XCTest, run only as a child process by
/// `XCTestFailurePathTests` (the variable below set); skipped in the suite itself.
@MainActor
final class XCTestFailureFixture: XCTestCase {
  nonisolated static let variable = "BRAID_XCTEST_FAILURE_FIXTURE"
  nonisolated static let mismatchLine = #line + 12

  func testStateMismatch() async throws {
    guard ProcessInfo.processInfo.environment[Self.variable] == "1" else {
      throw XCTSkip("a fixture: XCTestFailurePathTests runs it in a child process, where it must fail")
    }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += action
        return .none
      }
    }
    await store.send(1) { $0 = 2 }
  }
}
