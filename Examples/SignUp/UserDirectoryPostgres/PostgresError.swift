/// How a statement on PostgreSQL failed.
enum PostgresError: Error, Sendable {
  /// No connection could be opened; the message is libpq's.
  case connectionFailed(String)
  /// The connection broke while a statement ran, so whether it took effect is not known.
  case connectionLost(String)
  /// The server refused the statement.
  case server(sqlState: String, constraint: String?, message: String)

  /// A unique index refused a row: SQLSTATE `23505`.
  var isUniqueViolation: Bool {
    if case .server("23505", _, _) = self { true } else { false }
  }

  /// A unique index refused a row: `23505`, naming the index.
  func isUniqueViolation(of index: String) -> Bool {
    if case .server("23505", index?, _) = self { true } else { false }
  }

  /// The message for a storage error, prefixed with where the server is.
  func message(at place: String) -> String {
    switch self {
    case .connectionFailed(let message): "\(place): cannot connect: \(message)"
    case .connectionLost(let message): "\(place): the connection broke: \(message)"
    case .server("57014", _, _): "\(place): a statement ran past the directory's statement timeout"
    case .server(let state, _, let message): "\(place): \(message) (SQLSTATE \(state))"
    }
  }
}
