import BraidTestSupport
import Foundation
import Testing

/// A `TestStore` failure goes through XCTest's own `XCTFail` path when the test is an XCTest
/// case: the test binary runs ``XCTestFailureFixture`` in a child process, which must fail with
/// the whole message at the test's line.
struct XCTestFailurePathTests {
  @Test func aTestStoreFailureInAnXCTestCaseFailsItAtTheTestsLine() async throws {
    let binary = try #require(CommandLine.arguments.first.map { URL(fileURLWithPath: $0) })
    // The child is awaited on a thread of its own: blocking the cooperative pool for as long as
    // it runs would stall every other test in the process.
    let (status, text) = try await onOwnThread { () throws -> (Int32, String) in
      let child = Process()
      child.executableURL = binary
      child.arguments = ["BraidTestingTests.XCTestFailureFixture/testStateMismatch"]
      child.environment = ProcessInfo.processInfo.environment.merging([XCTestFailureFixture.variable: "1"]) { $1 }
      let output = Pipe.forChild()
      child.standardOutput = output
      child.standardError = output
      try child.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      child.waitUntilExit()
      return (child.terminationStatus, text)
    }

    #expect(status != 0, "\(text)")
    let file = #filePath.replacingOccurrences(of: "XCTestFailurePathTests.swift", with: "XCTestFailureFixture.swift")
    let expected = """
      \(file):\(XCTestFailureFixture.mismatchLine): error: XCTestFailureFixture.testStateMismatch : failed - \
      A state change does not match expectation: …

      − 2
      + 1

      (Expected: −, Actual: +)
      """
    #expect(text.contains(expected), "\(text)")
    #expect(text.contains("Executed 1 test, with 1 failure"), "\(text)")
  }
}
