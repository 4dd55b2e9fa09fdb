/// A failure reported by SQLite, with its result code and message.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// SQLite's primary result code (`SQLITE_BUSY` is 5, `SQLITE_READONLY` 8, `SQLITE_CORRUPT` 11,
  /// `SQLITE_CANTOPEN` 14, `SQLITE_CONSTRAINT` 19, `SQLITE_MISUSE` 21, `SQLITE_NOTADB` 26).
  public let code: Int32
  /// SQLite's extended result code, when known.
  public let extendedCode: Int32
  /// SQLite's message.
  public let message: String

  /// The kind of failure, for callers that react to it.
  public let kind: Kind

  /// An error SQLite reported, with these codes and message; its kind follows from the code.
  public init(code: Int32, extendedCode: Int32? = nil, message: String) {
    self.code = code
    self.extendedCode = extendedCode ?? code
    self.message = message
    self.kind =
      switch code {
      case 5, 6: .busy
      case 8: .readOnly
      case 11, 26: .corrupt
      case 14: .cannotOpen
      case 19: .constraint
      default: .other
      }
  }

  /// A call BraidSQLite refused before SQLite ran it (`SQLITE_MISUSE`, 21).
  init(kind: Kind, message: String) {
    self.code = 21
    self.extendedCode = 21
    self.message = message
    self.kind = kind
  }

  /// What went wrong, in categories callers handle differently.
  public enum Kind: Sendable, Equatable {
    /// Another connection holds a lock (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    case busy
    /// The file or directory is read-only.
    case readOnly
    /// The file is not a database or is damaged.
    case corrupt
    /// The file could not be opened (missing directory, permissions).
    case cannotOpen
    /// A constraint (such as `UNIQUE`) was violated.
    case constraint
    /// The SQL holds more than one statement; none ran.
    case multipleStatements
    /// A read was asked of a statement that could write; it did not run.
    case notReadOnly
    /// The call was wrong: a closed database, or parameters that do not match the placeholders.
    case misuse
    /// Anything else.
    case other
  }

  /// `message (code N)`.
  public var description: String { "\(message) (SQLite code \(extendedCode))" }
}
