/// A closure that reports a test failure naming `description` when called, and returns
/// `placeholder`: the endpoints of a client's `testValue`, so a test fails loudly when it
/// reaches a dependency it did not set up.
///
/// Overloads cover the common endpoint shapes, chosen by the type of the property they are
/// assigned to: with a `placeholder` (sync or async; omitted for an endpoint returning `Void`),
/// or without one for a throwing endpoint (sync or async; it throws ``UnimplementedError``).
///
/// ```swift
/// static let testValue = UserDirectory(
///   isUsernameAvailable: unimplemented("UserDirectory.isUsernameAvailable", placeholder: false),
///   signUp: unimplemented("UserDirectory.signUp")
/// )
/// ```
///
/// - Parameters:
///   - description: The endpoint's name, used in the failure message.
///   - placeholder: What to return after reporting; omit it for an endpoint returning `Void`.
///   - fileID: The file a reported issue points at; defaults to the caller's.
///   - line: The line a reported issue points at; defaults to the caller's.
/// - Returns: The reporting closure.
public func unimplemented<each Argument, Result: Sendable>(
  _ description: String,
  placeholder: Result = (),
  fileID: StaticString = #fileID,
  line: UInt = #line
) -> @Sendable (repeat each Argument) -> Result {
  { (_: repeat each Argument) in
    reportMisuse("Unimplemented: '\(description)' was called.", fileID: fileID, line: line)
    return placeholder
  }
}

/// An async, throwing closure that reports a test failure naming `description` when called,
/// then throws ``UnimplementedError``.
///
/// - Parameters:
///   - description: The endpoint's name, used in the failure message and the error.
///   - fileID: The file a reported issue points at; defaults to the caller's.
///   - line: The line a reported issue points at; defaults to the caller's.
/// - Returns: The reporting closure.
public func unimplemented<each Argument, Result>(
  _ description: String,
  fileID: StaticString = #fileID,
  line: UInt = #line
) -> @Sendable (repeat each Argument) async throws -> Result {
  { (_: repeat each Argument) in
    reportMisuse("Unimplemented: '\(description)' was called.", fileID: fileID, line: line)
    throw UnimplementedError(endpoint: description)
  }
}

/// A throwing closure that reports a test failure naming `description` when called, then
/// throws ``UnimplementedError``.
///
/// - Parameters:
///   - description: The endpoint's name, used in the failure message and the error.
///   - fileID: The file a reported issue points at; defaults to the caller's.
///   - line: The line a reported issue points at; defaults to the caller's.
/// - Returns: The reporting closure.
public func unimplemented<each Argument, Result>(
  _ description: String,
  fileID: StaticString = #fileID,
  line: UInt = #line
) -> @Sendable (repeat each Argument) throws -> Result {
  { (_: repeat each Argument) in
    reportMisuse("Unimplemented: '\(description)' was called.", fileID: fileID, line: line)
    throw UnimplementedError(endpoint: description)
  }
}

/// An async closure that reports a test failure naming `description` when called, and returns
/// `placeholder`.
///
/// - Parameters:
///   - description: The endpoint's name, used in the failure message.
///   - placeholder: What to return after reporting; omit it for an endpoint returning `Void`.
///   - fileID: The file a reported issue points at; defaults to the caller's.
///   - line: The line a reported issue points at; defaults to the caller's.
/// - Returns: The reporting closure.
public func unimplemented<each Argument, Result: Sendable>(
  _ description: String,
  placeholder: Result = (),
  fileID: StaticString = #fileID,
  line: UInt = #line
) -> @Sendable (repeat each Argument) async -> Result {
  { (_: repeat each Argument) in
    reportMisuse("Unimplemented: '\(description)' was called.", fileID: fileID, line: line)
    return placeholder
  }
}

/// The error thrown by a throwing `unimplemented(_:fileID:line:)` endpoint.
public struct UnimplementedError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The endpoint that was called.
  public let endpoint: String

  /// The error an unimplemented `endpoint` throws, to compare against in a test.
  ///
  /// - Parameter endpoint: The endpoint's name, as given to `unimplemented`.
  public init(endpoint: String) {
    self.endpoint = endpoint
  }

  /// A sentence naming the endpoint.
  public var description: String { "Unimplemented: '\(endpoint)'" }
}
