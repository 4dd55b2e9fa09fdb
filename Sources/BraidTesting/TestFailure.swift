import Braid
import Foundation
import Testing
import XCTest

/// Where a ``TestStore`` assertion is made: the call site its failures are reported at.
struct SourceSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// The test store `send` being reduced, inherited by the effects it starts: issues Braid
  /// reports from inside its own code (an unimplemented clock, say) point here, at the test's
  /// line, rather than into Braid.
  @TaskLocal static var current: SourceSite?
}

/// Records a test failure at `site` in whichever framework is running the current test.
///
/// A handler installed with `IssueReporting.withIssueHandler` receives the failure instead (this
/// is how the failure messages themselves are tested). Otherwise Swift Testing's `Issue.record`
/// is used inside a `@Test`, and `XCTFail` inside an XCTest case.
func recordFailure(_ message: String, at site: SourceSite) {
  if IssueReporting.capture(message, fileID: "\(site.fileID)", line: site.line) { return }
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: "\(site.fileID)",
        filePath: "\(site.filePath)",
        line: Int(site.line),
        column: Int(site.column)
      )
    )
  } else {
    XCTFail(message, file: site.filePath, line: site.line)
  }
}

/// Records what a non-exhaustive ``TestStore`` skipped, when it shows skipped assertions: a known
/// issue in Swift Testing (shown, not failing), a note on standard error under XCTest.
func recordSkippedAssertion(_ message: String, at site: SourceSite) {
  let text = "Skipped assertion: \(message)"
  if IssueReporting.capture(text, fileID: "\(site.fileID)", line: site.line) { return }
  if Test.current != nil {
    withKnownIssue {
      Issue.record(
        Comment(rawValue: text),
        sourceLocation: SourceLocation(
          fileID: "\(site.fileID)", filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column))
      )
    }
  } else {
    FileHandle.standardError.write(Data("\(site.fileID):\(site.line): note: \(text)\n".utf8))
  }
}

/// Records an issue Braid reported (a dependency with no test value, an unimplemented endpoint,
/// an action for a missing child, `reportIssue`) as a failure of the running test, at the
/// location it names.
@Sendable
func recordIssueFromBraid(_ message: String, fileID: String, filePath: String, line: Int, column: Int) {
  if fileID.hasPrefix("Braid/"), let site = SourceSite.current {
    recordFailure(message, at: site)
    return
  }
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: max(column, 1))
    )
  } else {
    XCTFail("\(message) (\(fileID):\(line))")
  }
}

/// Called when the test bundle loads (by the constructor in the `CBraidTestingHook` target):
/// from then on Braid's issues go to ``recordIssueFromBraid(_:fileID:filePath:line:column:)``.
@_cdecl("braid_testing_install_issue_recorder")
func installIssueRecorder() {
  IssueReporting.installTestRecorder(recordIssueFromBraid)
}
