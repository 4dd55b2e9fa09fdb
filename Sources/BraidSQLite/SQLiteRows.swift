/// The rows a read returned, with the names of their columns.
public struct SQLiteRows: Sendable, Equatable {
  /// The columns' names, in order.
  public let columns: [String]
  /// The rows, each a value per column.
  public let rows: [[SQLiteDatabase.Value]]

  /// Rows with these columns.
  ///
  /// - Parameters:
  ///   - columns: The columns' names.
  ///   - rows: The rows.
  public init(columns: [String], rows: [[SQLiteDatabase.Value]]) {
    self.columns = columns
    self.rows = rows
  }
}
