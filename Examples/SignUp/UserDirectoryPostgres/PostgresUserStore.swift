import UserDirectoryClient
import UsersDatabase

/// The PostgreSQL side of the directory: its queries, on connections from a ``PostgresPool``.
final class PostgresUserStore: Sendable {
  /// Where the server is, for messages: the URL without its user, password and parameters.
  let place: String
  private let pool: PostgresPool
  /// How long a sign-up whose connection broke keeps trying to read back what it committed.
  private let confirmationTimeout: Duration

  init(url: String, connections: Int, statementTimeout: Duration) {
    place = Self.place(of: url)
    confirmationTimeout = statementTimeout * 2
    pool = PostgresPool(url: url, size: connections, statementTimeout: statementTimeout) {
      connection throws(PostgresError) in try PostgresUsersSchema.prepare(connection)
    }
  }

  func isAvailable(_ username: String) async throws -> Bool {
    let key = UsernameKey.of(username)
    let rows = try await reading { connection throws(PostgresError) in
      try connection.execute("SELECT count(*) FROM users WHERE username_key = $1", [key])
    }
    return rows.first?.first == "0"
  }

  func storedSignUp(_ id: String) async throws -> String? {
    let rows = try await reading { connection throws(PostgresError) in
      try connection.execute("SELECT username FROM users WHERE request_id = $1", [id])
    }
    return rows.first?.first ?? nil
  }

  /// Stores the user of `request` with its password's `hash`, or answers as the first time did
  /// when its request id is stored already.
  ///
  /// When the connection breaks during the insert, the insert may or may not have committed:
  /// the store reads the row back (on a fresh connection, for up to twice the statement
  /// timeout while the server restarts) and answers from what it finds. The salted hash is new
  /// to this attempt, so a row holding it is this attempt's own.
  func insert(_ request: SignUpRequest, passwordHash hash: String) async throws {
    if let id = request.requestID, let stored = try await storedSignUp(id) {
      return try SignUpRules.answer(request, storedUsername: stored)
    }
    let key = UsernameKey.of(request.username)
    let values = [request.username, key, request.email, hash, request.requestID]
    var attempts = 0
    while true {
      attempts += 1
      do {
        _ = try await pool.withConnection { connection throws(PostgresError) in
          try connection.execute(
            """
            INSERT INTO users (username, username_key, email, password_hash, request_id)
            VALUES ($1, $2, $3, $4, $5)
            """, values)
        }
        return
      } catch let error where error.isUniqueViolation {
        // Another server may have stored this request between the check above and the insert;
        // its row collides on the name's key as well, and either index may report it.
        if let id = request.requestID, let stored = try await storedSignUp(id) {
          return try SignUpRules.answer(request, storedUsername: stored)
        }
        guard error.isUniqueViolation(of: PostgresUsersSchema.keyIndex) else { throw storage(error) }
        throw UserDirectoryError.usernameTaken(request.username)
      } catch .connectionLost(let message) {
        switch try await readBack(key: key) {
        case (hash, _)?: return
        case (_, let storedID?)? where storedID == request.requestID:
          // The same request, sent to another server too, committed first.
          return
        case _?: throw UserDirectoryError.usernameTaken(request.username)
        case nil:
          // Not committed. One more try on a fresh connection; a second break is reported.
          guard attempts < 2 else {
            throw UserDirectoryError.storage(
              "\(place): the connection broke twice while storing the account (\(message)); it was not created")
          }
        }
      } catch {
        throw storage(error)
      }
    }
  }

  /// The password hash and request id stored under `key`, if any, read on a connection that
  /// works: retried while the server cannot be reached, for up to ``confirmationTimeout``.
  private func readBack(key: String) async throws -> (hash: String?, requestID: String?)? {
    let clock = ContinuousClock()
    let deadline = clock.now + confirmationTimeout
    while true {
      do {
        let rows = try await pool.withConnection { connection throws(PostgresError) in
          try connection.execute("SELECT password_hash, request_id FROM users WHERE username_key = $1", [key])
        }
        return rows.first.map { ($0[0], $0[1]) }
      } catch {
        if case .server = error {
        } else if clock.now < deadline {
          try? await clock.sleep(for: .milliseconds(100))
          continue
        }
        throw UserDirectoryError.storage(
          "\(error.message(at: place)); whether the account was created could not be read back")
      }
    }
  }

  /// Runs a read, once more on a fresh connection if the one it had broke (after the server
  /// restarted, every idle connection is broken: the pool drops each as it is found so).
  private func reading(_ query: @escaping @Sendable (PostgresConnection) throws(PostgresError) -> [[String?]])
    async throws -> [[String?]]
  {
    var lost = 0
    while true {
      do {
        return try await pool.withConnection(query)
      } catch .connectionLost where lost < 3 {
        lost += 1
      } catch {
        throw storage(error)
      }
    }
  }

  private func storage(_ error: PostgresError) -> UserDirectoryError {
    .storage(error.message(at: place))
  }

  /// `postgresql://user:secret@host:5432/db?sslmode=require` is shown as
  /// `postgresql://host:5432/db`; a `key=value` string as `PostgreSQL`.
  static func place(of url: String) -> String {
    guard let scheme = url.range(of: "://") else { return "PostgreSQL" }
    var rest = url[scheme.upperBound...]
    if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
    if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
    return String(url[..<scheme.upperBound] + rest)
  }
}
