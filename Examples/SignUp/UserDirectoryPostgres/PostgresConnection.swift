import CLibPQ
import Foundation

/// One libpq connection to a PostgreSQL server, in text mode with parameters bound by
/// position (`$1`), never spliced into SQL.
///
/// Its calls block their thread, for at most the connect timeout or the statement timeout. It
/// is `@unchecked Sendable` because libpq allows one caller at a time per connection, and
/// ``PostgresPool`` hands each connection to one caller at a time.
final class PostgresConnection: @unchecked Sendable {
  private let handle: OpaquePointer

  /// Opens a connection to `url` (a `postgresql://` URL or a `key=value` string) and sets its
  /// statement timeout.
  ///
  /// `connect_timeout` defaults to 5 seconds; the URL may set its own.
  init(url: String, statementTimeout: Duration) throws(PostgresError) {
    // Later keywords win, so the URL (expanded from `dbname`, last) may override the defaults.
    let keywords = ["connect_timeout", "application_name", "dbname"]
    let values = ["5", "braid-demo", url]
    let opened = withCStrings(keywords) { keywords in
      withCStrings(values) { values in PQconnectdbParams(keywords, values, 1) }
    }
    guard let opened else { throw .connectionFailed("libpq could not allocate a connection") }
    handle = opened
    // libpq prints what the server says outside a statement ("terminating connection due to
    // immediate shutdown") on standard error; a broken connection is reported as an error.
    PQsetNoticeProcessor(handle, { _, _ in }, nil)
    // From here, a throw runs `deinit`, which frees the connection.
    guard PQstatus(handle) == CONNECTION_OK else { throw .connectionFailed(Self.trimmed(PQerrorMessage(handle))) }
    let (seconds, attoseconds) = statementTimeout.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    try execute("SELECT set_config('statement_timeout', $1, false)", ["\(max(1, milliseconds))"])
    // libpq prints the server's notices ("already exists, skipping") to standard error.
    try execute("SELECT set_config('client_min_messages', 'warning', false)")
  }

  deinit { PQfinish(handle) }

  /// What is wrong with `url` before any network is touched: it is not a connection string
  /// libpq can read, or an option has a value libpq refuses (`sslmode=bogus`). `nil` when
  /// nothing is.
  ///
  /// libpq checks the options when a connection starts, before it looks up a host or opens a
  /// socket: a connection started without waiting and already failed failed on them.
  static func problem(withURL url: String) -> String? {
    let keywords = ["connect_timeout", "application_name", "dbname"]
    let values = ["5", "braid-demo", url]
    let started = withCStrings(keywords) { keywords in
      withCStrings(values) { values in PQconnectStartParams(keywords, values, 1) }
    }
    guard let started else { return "libpq could not allocate a connection" }
    defer { PQfinish(started) }
    guard PQstatus(started) == CONNECTION_BAD else { return nil }
    return trimmed(PQerrorMessage(started))
  }

  /// Whether the connection broke (a server that went away, a network that failed): a broken
  /// connection is dropped, not reused.
  var isBroken: Bool { PQstatus(handle) != CONNECTION_OK }

  /// Runs one statement and returns its rows, each value as text or `nil` for NULL.
  @discardableResult
  func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> [[String?]] {
    // A C string ends at its first NUL: the rest of such a value would be lost without a word.
    if parameters.contains(where: { $0?.utf8.contains(0) == true }) {
      throw .server(sqlState: "22021", constraint: nil, message: "a value contains a NUL character")
    }
    let result = withOptionalCStrings(parameters) { values in
      PQexecParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
    }
    defer { PQclear(result) }
    let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK, let result else {
      if isBroken || result == nil { throw .connectionLost(Self.trimmed(PQerrorMessage(handle))) }
      let field = { (code: Int32) in PQresultErrorField(result, code).map { String(cString: $0) } }
      throw .server(
        sqlState: field(Int32(braid_pg_diag_sqlstate)) ?? "?????",
        constraint: field(Int32(braid_pg_diag_constraint_name)),
        message: field(Int32(braid_pg_diag_message_primary)) ?? Self.trimmed(PQerrorMessage(handle)))
    }
    return (0..<PQntuples(result)).map { row in
      (0..<PQnfields(result)).map { column in
        PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
      }
    }
  }

  private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
    message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "unknown error"
  }
}

/// Calls `body` with a C array of C strings for `strings`, ended by a NULL, as libpq takes them.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
  withOptionalCStrings(strings) { body($0) }
}

private func withOptionalCStrings<R>(
  _ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R
) -> R {
  let copies = strings.map { $0.map { UnsafePointer(strdup($0)!) } } + [nil]
  defer { for copy in copies { free(UnsafeMutableRawPointer(mutating: copy)) } }
  return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
}
