/// Why an observer could not fetch. The observer keeps running after reporting one and fetches
/// again when the cause may have gone away (the table re-created, the lock released).
public enum FetchedResultsError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
  /// The database file does not exist (or was deleted) or cannot be opened.
  case databaseUnavailable(String)
  /// The query names a table (or column) the database does not have.
  case missingTable(String)
  /// The SQL is not valid.
  case invalidSQL(String)
  /// The SQL is not a single read-only `SELECT`.
  case notAQuery(String)
  /// The section column's values do not come in runs: it must lead the `ORDER BY`.
  case sectionColumnNotLeadingSort(String)
  /// Two rows have the same id.
  case duplicateID(String)
  /// A row could not be decoded.
  case decoding(String)
  /// Another connection holds a lock that keeps this one from reading.
  case locked(String)
  /// The file is not a database, or is damaged.
  case corrupt(String)
  /// Any other SQLite failure.
  case sqlite(String)
  /// The client was asked to act for an id it has no observer for.
  case notCreated(String)

  /// A sentence saying what went wrong.
  public var description: String {
    switch self {
    case .databaseUnavailable(let detail): "Database unavailable: \(detail)"
    case .missingTable(let detail): "Missing table or column: \(detail)"
    case .invalidSQL(let detail): "Invalid SQL: \(detail)"
    case .notAQuery(let detail): "Not a read-only SELECT: \(detail)"
    case .sectionColumnNotLeadingSort(let column):
      "The section column '\(column)' must lead the ORDER BY: its values must come in runs."
    case .duplicateID(let detail): "Two rows have the same id: \(detail)"
    case .decoding(let detail): "Cannot decode a row: \(detail)"
    case .locked(let detail): "Database locked: \(detail)"
    case .corrupt(let detail): "Database corrupt: \(detail)"
    case .sqlite(let detail): "SQLite error: \(detail)"
    case .notCreated(let id): "No observer was created for id \(id)."
    }
  }
}
