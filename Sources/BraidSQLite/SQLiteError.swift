/// A failure reported by SQLite, with its result code and message.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// SQLite's primary result code (`SQLITE_BUSY` is 5, `SQLITE_READONLY` 8, `SQLITE_CORRUPT` 11,
  /// `SQLITE_CANTOPEN` 14, `SQLITE_CONSTRAINT` 19, `SQLITE_NOTADB` 26).
  public let code: Int32
  /// SQLite's extended result code, when known.
  public let extendedCode: Int32
  /// SQLite's message.
  public let message: String

  /// An error with these codes and message.
  public init(code: Int32, extendedCode: Int32? = nil, message: String) {
    self.code = code
    self.extendedCode = extendedCode ?? code
    self.message = message
  }

  /// The kind of failure, for callers that react to it.
  public var kind: Kind {
    switch code {
    case 5, 6: .busy
    case 8: .readOnly
    case 11, 26: .corrupt
    case 14: .cannotOpen
    case 19: .constraint
    default: .other
    }
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
    /// Anything else.
    case other
  }

  /// `message (code N)`.
  public var description: String { "\(message) (SQLite code \(extendedCode))" }
}
