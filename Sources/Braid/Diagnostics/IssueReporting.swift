import Foundation

/// Routes the runtime warnings Braid reports about misuse (a child action with no child state,
/// an unhandled effect error, …).
///
/// By default warnings go to standard error. Install a handler for the duration of an operation
/// to capture them, for example in a test:
///
/// ```swift
/// var issues: [IssueReporting.Issue] = []
/// await IssueReporting.withIssueHandler { issue in
///   issues.append(issue)
/// } operation: {
///   await store.send(.child(.tapped)).finish()
/// }
/// #expect(issues.map(\.message) == ["…"])
/// ```
public enum IssueReporting {
  /// One reported misuse: what happened and where Braid noticed it.
  public struct Issue: Sendable, Equatable, CustomStringConvertible {
    /// A sentence saying what went wrong and how to fix it.
    public let message: String
    /// The file (`Module/File.swift`) of the API call that the issue is about.
    public let fileID: String
    /// The line of the API call that the issue is about.
    public let line: UInt

    /// The message.
    public var description: String { message }
  }

  @TaskLocal static var handler: (@Sendable (Issue) -> Void)?

  /// The handler installed for the current task, if any: for work that reports later, from
  /// another thread, to the handler of the code that started it.
  package static var installedHandler: (@Sendable (Issue) -> Void)? { handler }

  /// Hands `message` to the installed ``withIssueHandler(_:operation:)-(_,_)`` handler, if any.
  ///
  /// - Returns: Whether a handler took it.
  package static func capture(_ message: String, fileID: String, line: UInt) -> Bool {
    guard let handler else { return false }
    handler(Issue(message: message, fileID: fileID, line: line))
    return true
  }

  /// Runs `operation` with every issue Braid reports from this task (and tasks it starts) sent
  /// to `handler` instead of standard error.
  ///
  /// - Parameters:
  ///   - handler: Receives each issue, on whatever thread reported it.
  ///   - isolation: The actor the operation runs on; by default the caller's.
  ///   - operation: The work to observe.
  /// - Returns: Whatever `operation` returns.
  @discardableResult
  public static func withIssueHandler<R>(
    _ handler: @escaping @Sendable (Issue) -> Void,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await $handler.withValue(handler, operation: operation, isolation: isolation)
  }

  /// Runs synchronous `operation` with every issue Braid reports from it sent to `handler`
  /// instead of standard error.
  ///
  /// - Parameters:
  ///   - handler: Receives each issue.
  ///   - operation: The work to observe.
  /// - Returns: Whatever `operation` returns.
  @discardableResult
  public static func withIssueHandler<R>(
    _ handler: @escaping @Sendable (Issue) -> Void,
    operation: () throws -> R
  ) rethrows -> R {
    try $handler.withValue(handler, operation: operation)
  }
}
