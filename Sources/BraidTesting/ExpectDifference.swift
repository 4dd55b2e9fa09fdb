import Braid

/// Checks that two values are equal, and fails the running test with a line diff of their
/// dumps when they are not: the same diff a `TestStore` prints.
///
/// ```swift
/// expectNoDifference(model.rows, [Row(id: 1, title: "Milk")])
/// // Difference: …
/// //
/// //   [
/// //     Row(
/// //       id: 1,
/// // −     title: "Milk",
/// // +     title: "Bread",
/// //     ),
/// //   ]
/// //
/// // (Expected: −, Actual: +)
/// ```
///
/// - Parameters:
///   - expected: The value you expect.
///   - actual: The value you got.
///   - fileID: The file the failure points at; defaults to the caller's.
///   - filePath: The full path of that file, for test failures; defaults to the caller's.
///   - line: The line the failure points at; defaults to the caller's.
///   - column: The column the failure points at; defaults to the caller's.
public func expectNoDifference<T: Equatable>(
  _ expected: @autoclosure () throws -> T,
  _ actual: @autoclosure () throws -> T,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  do {
    let expected = try expected()
    let actual = try actual()
    guard expected != actual else { return }
    recordFailure(differenceMessage(expected, actual), at: site)
  } catch {
    recordFailure("Caught error: \(error)", at: site)
  }
}

/// Checks that `operation` changes a value exactly as `changes` describes, and fails the
/// running test with a line diff when it does not.
///
/// ```swift
/// expectDifference(model.count) {
///   model.incrementButtonTapped()
/// } changes: {
///   $0 = 1
/// }
/// ```
///
/// - Parameters:
///   - value: The value to watch, read before and after `operation`.
///   - operation: The work that changes it.
///   - changes: Turns the value before into the value expected after.
///   - fileID: The file the failure points at; defaults to the caller's.
///   - filePath: The full path of that file, for test failures; defaults to the caller's.
///   - line: The line the failure points at; defaults to the caller's.
///   - column: The column the failure points at; defaults to the caller's.
public func expectDifference<T: Equatable>(
  _ value: @autoclosure () throws -> T,
  _ operation: () throws -> Void = {},
  changes: (inout T) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  do {
    var expected = try value()
    try operation()
    let actual = try value()
    try changes(&expected)
    guard expected != actual else { return }
    recordFailure(differenceMessage(expected, actual), at: site)
  } catch {
    recordFailure("Caught error: \(error)", at: site)
  }
}

/// The failure text of ``expectNoDifference(_:_:fileID:filePath:line:column:)``.
func differenceMessage(_ expected: Any, _ actual: Any) -> String {
  """
  Difference: …

  \(ValueDump.diff(expected, actual) ?? "(no visible difference)")

  (Expected: −, Actual: +)
  """
}
