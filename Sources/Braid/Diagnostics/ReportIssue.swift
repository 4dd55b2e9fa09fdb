import Foundation

/// Reports a problem that is not worth a crash: a misuse of an API, a state that should not
/// happen, an endpoint a test did not expect to reach.
///
/// In a test it fails the running test at the given location (Swift Testing inside a `@Test`,
/// `XCTFail` inside an XCTest case), as soon as the test target links `BraidTesting`; inside
/// ``IssueReporting/withIssueHandler(_:operation:)-(_,_)`` the handler receives it instead;
/// anywhere else it prints a warning to standard error, once per call site.
///
/// ```swift
/// guard let row = state.rows[id: id] else {
///   reportIssue("Tapped a row that is gone: \(id)")
///   return .none
/// }
/// ```
///
/// - Parameters:
///   - message: What went wrong and how to fix it.
///   - fileID: The file the issue points at; defaults to the caller's.
///   - filePath: The full path of that file, for test failures; defaults to the caller's.
///   - line: The line the issue points at; defaults to the caller's.
///   - column: The column the issue points at; defaults to the caller's.
public func reportIssue(
  _ message: @autoclosure () -> String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  IssueReporting.report(
    IssueReporting.Issue(message: message(), fileID: "\(fileID)", line: line),
    filePath: "\(filePath)",
    column: column
  )
}

/// Reports `error` as an issue: see ``reportIssue(_:fileID:filePath:line:column:)-4tfwz``.
///
/// - Parameters:
///   - error: The error; the issue's message describes it.
///   - fileID: The file the issue points at; defaults to the caller's.
///   - filePath: The full path of that file, for test failures; defaults to the caller's.
///   - line: The line the issue points at; defaults to the caller's.
///   - column: The column the issue points at; defaults to the caller's.
public func reportIssue(
  _ error: any Error,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  reportIssue("Caught error: \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Runs `body` and reports any error it throws as an issue instead of passing it on.
///
/// ```swift
/// let settings = withErrorReporting { try Settings(contentsOf: url) } ?? .default
/// ```
///
/// - Parameters:
///   - fileID: The file the issue points at; defaults to the caller's.
///   - filePath: The full path of that file, for test failures; defaults to the caller's.
///   - line: The line the issue points at; defaults to the caller's.
///   - column: The column the issue points at; defaults to the caller's.
///   - body: The work that may throw.
/// - Returns: What `body` returns, or `nil` when it threw.
@discardableResult
public func withErrorReporting<R>(
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () throws -> R
) -> R? {
  do {
    return try body()
  } catch {
    reportIssue(error, fileID: fileID, filePath: filePath, line: line, column: column)
    return nil
  }
}

/// Runs async `body` and reports any error it throws as an issue instead of passing it on.
///
/// - Parameters:
///   - isolation: The actor `body` runs on; by default the caller's.
///   - fileID: The file the issue points at; defaults to the caller's.
///   - filePath: The full path of that file, for test failures; defaults to the caller's.
///   - line: The line the issue points at; defaults to the caller's.
///   - column: The column the issue points at; defaults to the caller's.
///   - body: The work that may throw.
/// - Returns: What `body` returns, or `nil` when it threw.
@discardableResult
public func withErrorReporting<R>(
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () async throws -> R
) async -> R? {
  do {
    return try await body()
  } catch {
    reportIssue(error, fileID: fileID, filePath: filePath, line: line, column: column)
    return nil
  }
}

/// Reports a misuse of Braid by the caller (an action for a missing child, an unhandled effect
/// error) at the API call that `fileID` and `line` name: ``reportIssue(_:fileID:filePath:line:column:)-4tfwz``
/// for Braid's own call sites, which know the caller's file and line but not its path.
@usableFromInline
func reportMisuse(_ message: @autoclosure () -> String, fileID: StaticString = #fileID, line: UInt = #line) {
  IssueReporting.report(
    IssueReporting.Issue(message: message(), fileID: "\(fileID)", line: line),
    filePath: "\(fileID)",
    column: 1
  )
}

extension IssueReporting {
  /// Records an issue as a failure of the running test: message, file id, file path, line,
  /// column.
  package typealias TestRecorder = @Sendable (String, String, String, Int, Int) -> Void

  /// Set by `BraidTesting` when the test bundle loads, before any test runs (the core never
  /// imports a test framework itself).
  private static let testRecorder = SanitizerVisibleMutex<TestRecorder?>(nil)

  /// Makes every later issue outside a handler a failure of the running test. Has no effect
  /// outside a test process.
  package static func installTestRecorder(_ recorder: @escaping TestRecorder) {
    testRecorder.withLock { $0 = recorder }
  }

  /// Where every issue goes: the installed handler, the running test, or standard error.
  static func report(_ issue: Issue, filePath: String, column: UInt) {
    if let handler {
      handler(issue)
    } else if DependencyContext.current == .test, let record = testRecorder.withLock({ $0 }) {
      record(issue.message, issue.fileID, filePath, Int(issue.line), Int(column))
    } else {
      RuntimeWarnings.print(issue)
    }
  }
}

/// The warnings printed outside tests: one per call site, so a misuse inside a loop does not
/// flood standard error.
enum RuntimeWarnings {
  private static let printed = SanitizerVisibleMutex<Set<String>>([])

  static func print(_ issue: IssueReporting.Issue) {
    let site = "\(issue.fileID):\(issue.line)"
    guard isFirst(at: site) else { return }
    FileHandle.standardError.write(Data("[Braid] warning: \(issue.message) (\(site))\n".utf8))
  }

  /// Whether no warning was printed for `site` yet; remembers it.
  static func isFirst(at site: String) -> Bool {
    printed.withLock { $0.insert(site).inserted }
  }
}
