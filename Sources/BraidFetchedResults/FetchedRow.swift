/// One row of a fetch: its values by column, in the order the query selects them.
///
/// A request's `decode` closure reads it:
///
/// ```swift
/// decode: { row in
///   User(id: try row.integer("id"), name: try row.text("username"))
/// }
/// ```
public struct FetchedRow: Sendable, Hashable {
  /// The column names, in order.
  public let columns: [String]
  /// The values, in the order of ``columns``.
  public let values: [FetchValue]

  /// A row with `values` for `columns`.
  ///
  /// - Parameters:
  ///   - columns: The column names.
  ///   - values: One value per column.
  public init(columns: [String], values: [FetchValue]) {
    self.columns = columns
    self.values = values
  }

  /// The value of `column`, or `nil` when the query selects no such column.
  public subscript(column: String) -> FetchValue? {
    columns.firstIndex(of: column).map { values[$0] }
  }

  /// The integer in `column`.
  ///
  /// - Throws: ``FetchedResultsError/decoding(_:)`` when the column is missing or not an integer.
  public func integer(_ column: String) throws(FetchedResultsError) -> Int64 {
    guard let value = self[column]?.integer else { throw mismatch(column, "an integer") }
    return value
  }

  /// The number (integer or real) in `column`.
  ///
  /// - Throws: ``FetchedResultsError/decoding(_:)`` when the column is missing or not a number.
  public func real(_ column: String) throws(FetchedResultsError) -> Double {
    guard let value = self[column]?.real else { throw mismatch(column, "a number") }
    return value
  }

  /// The text in `column`.
  ///
  /// - Throws: ``FetchedResultsError/decoding(_:)`` when the column is missing or not text.
  public func text(_ column: String) throws(FetchedResultsError) -> String {
    guard let value = self[column]?.text else { throw mismatch(column, "text") }
    return value
  }

  private func mismatch(_ column: String, _ expected: String) -> FetchedResultsError {
    guard let value = self[column] else {
      return .decoding("the query selects no column '\(column)' (it selects \(columns.joined(separator: ", ")))")
    }
    return .decoding("column '\(column)' holds \(value), not \(expected)")
  }
}
