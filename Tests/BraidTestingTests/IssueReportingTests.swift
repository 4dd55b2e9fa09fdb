import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// Issues become failures of the running test from the first one on, with no `TestStore` in
/// the test: run any of these alone (`swift test --filter IssueReportingTests`) and they pass
/// only if the failure was recorded.
@Suite(.checksStoreLeaks)
struct IssueReportingTests {
  struct Client: Sendable {
    var fetch: @Sendable (Int) -> String
  }

  static let unimplementedLine = #line + 1
  static let client = Client(fetch: unimplemented("Client.fetch", placeholder: ""))

  @Test func anUnimplementedEndpointFailsTheTestWithoutATestStore() {
    withKnownIssue {
      _ = Self.client.fetch(1)
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Unimplemented: 'Client.fetch' was called."]
        && issue.sourceLocation?.fileID == "BraidTestingTests/IssueReportingTests.swift"
        && issue.sourceLocation?.line == Self.unimplementedLine
    }
  }

  @Test func reportIssueRecordsAtTheCallersLine() {
    let line = #line + 2
    withKnownIssue {
      reportIssue("Tapped a row that is gone: 7")
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Tapped a row that is gone: 7"]
        && issue.sourceLocation?.fileID == "BraidTestingTests/IssueReportingTests.swift"
        && issue.sourceLocation?.line == line
    }
  }

  struct Corrupt: Error, CustomStringConvertible {
    var description: String { "the file is corrupt" }
  }

  @Test func errorsAreReportedWithTheirDescription() {
    withKnownIssue {
      reportIssue(Corrupt())
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Caught error: the file is corrupt"]
    }
  }

  @Test func withErrorReportingTurnsAThrowIntoAnIssueAndNil() async {
    let value = withErrorReporting { 42 }
    #expect(value == 42)
    withKnownIssue {
      let failed: Int? = withErrorReporting { throw Corrupt() }
      #expect(failed == nil)
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Caught error: the file is corrupt"]
    }
    await withKnownIssue {
      let failed: Int? = await withErrorReporting { () async throws -> Int in throw Corrupt() }
      #expect(failed == nil)
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Caught error: the file is corrupt"]
    }
  }

  /// Under a running test, an installed handler still takes an issue first: the handler hears
  /// it, and the test records nothing (were it recorded, this test would fail). Fails if
  /// `reportIssue` went to the test framework before the handler.
  @Test func aHandlerStillTakesIssuesFirst() {
    let messages = Recorder<String>()
    IssueReporting.withIssueHandler { issue in
      messages.append(issue.message)
    } operation: {
      reportIssue("handled, not recorded")
    }
    #expect(messages.values == ["handled, not recorded"])
  }
}
