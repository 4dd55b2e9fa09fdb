/// Why a `.sqlite` shared value could not be read or saved: the database, the key, the step and
/// SQLite's reason.
public struct SQLiteStorageError: Error, Equatable, CustomStringConvertible {
  /// The database file.
  public let database: String
  /// The value's key in the database's `braid_shared` table.
  public let key: String
  /// What was being done.
  public let step: String
  /// Why it failed.
  public let reason: String

  /// `cannot STEP KEY in DATABASE: REASON`.
  public var description: String { "cannot \(step) '\(key)' in \(database): \(reason)" }
}
