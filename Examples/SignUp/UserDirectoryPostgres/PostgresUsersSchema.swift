/// The `users` table on PostgreSQL: the SQLite table's columns, with the same two unique
/// indexes (the username key, the request id).
///
/// The key is computed by the directory (``UsernameKey``), never by SQL, so both databases
/// fold names alike.
enum PostgresUsersSchema {
  /// The columns the directory reads and writes.
  static let requiredColumns = ["id", "username", "username_key", "email", "password_hash", "created_at"]
  static let keyIndex = "users_username_key"
  static let requestIndex = "users_request_id"

  /// Creates the table and its indexes, or checks the table there and adds `request_id` if it
  /// lacks it, in one transaction.
  ///
  /// Several servers starting on one new database at once take turns: the transaction holds
  /// an advisory lock first, as `CREATE TABLE IF NOT EXISTS` alone races.
  static func prepare(_ connection: PostgresConnection) throws(PostgresError) {
    try connection.execute("BEGIN")
    do throws(PostgresError) {
      // Any fixed number names the lock; every Braid directory uses this one.
      try connection.execute("SELECT pg_advisory_xact_lock(4242001)")
      try connection.execute(
        """
        CREATE TABLE IF NOT EXISTS users (
          id bigserial PRIMARY KEY,
          username text NOT NULL,
          username_key text NOT NULL,
          email text NOT NULL,
          password_hash text NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          request_id text
        )
        """)
      let columns = try connection.execute(
        """
        SELECT column_name::text FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'users'
        """
      ).compactMap { $0.first ?? nil }
      let missing = requiredColumns.filter { !columns.contains($0) }
      guard missing.isEmpty else {
        throw PostgresError.server(
          sqlState: "42703", constraint: nil,
          message:
            "its users table cannot hold the directory: it has no \(missing.joined(separator: ", ")) column (the directory needs \(requiredColumns.joined(separator: ", ")))"
        )
      }
      try connection.execute("ALTER TABLE users ADD COLUMN IF NOT EXISTS request_id text")
      try connection.execute("CREATE UNIQUE INDEX IF NOT EXISTS \(keyIndex) ON users (username_key)")
      try connection.execute("CREATE UNIQUE INDEX IF NOT EXISTS \(requestIndex) ON users (request_id)")
      try connection.execute("COMMIT")
    } catch {
      _ = try? connection.execute("ROLLBACK")
      throw error
    }
  }
}
