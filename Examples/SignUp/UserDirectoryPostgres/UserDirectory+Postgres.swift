import Dispatch
import UserDirectoryClient
import UsersDatabase

extension UserDirectory {
  /// A directory kept in the `users` table of a PostgreSQL database, which several processes
  /// (on several machines) can share.
  ///
  /// The rules are the SQLite directory's (`UserDirectory.live(path:)`), from the same code:
  /// - Usernames are unique after Unicode NFKC normalization and case folding, computed by the
  ///   directory (never SQL's `lower()`) and enforced by a unique index on the folded name, so
  ///   two servers racing for one name cannot both get it.
  /// - E-mail addresses must pass ``isValidEmail(_:)``; passwords are stored only as salted
  ///   yescrypt hashes.
  /// - A request's ``SignUpRequest/requestID`` is stored with its account under a unique
  ///   index: the same request sent again, to any server, succeeds without a second account.
  ///
  /// And those of a network database:
  /// - At most `connections` connections are open, opened on first use; a caller finding all
  ///   busy waits for one. Each sets `statementTimeout`, so a held lock or a stalled server
  ///   fails a statement instead of holding it.
  /// - After the server restarts, broken connections are dropped and fresh ones opened.
  /// - A sign-up whose connection broke mid-insert is answered by reading the row back, never
  ///   guessed: created, taken, or a storage error saying it could not be confirmed.
  /// - Failures are ``UserDirectoryError/storage(_:)`` naming the server without its user or
  ///   password. The table and its indexes are created, or checked, on first use.
  ///
  /// - Parameters:
  ///   - url: A libpq connection URL (`postgresql://user@host/db`) or `key=value` string.
  ///   - connections: The most connections open at once.
  ///   - statementTimeout: How long one statement may run.
  public static func postgres(
    url: String, connections: Int = 4, statementTimeout: Duration = .seconds(5)
  ) -> UserDirectory {
    let store = PostgresUserStore(url: url, connections: connections, statementTimeout: statementTimeout)
    // Hashes, slow by design, run side by side on a queue of their own, off the cooperative pool.
    let hashing = DispatchQueue(label: "braid.user-directory.postgres.hashing", attributes: .concurrent)
    return UserDirectory(
      isUsernameAvailable: { username in try await store.isAvailable(username) },
      signUp: { request in
        let hash = try await hashing.perform { () throws -> String in
          try SignUpRules.check(request)
          return try PasswordHash.make(request.password)
        }
        try await store.insert(request, passwordHash: hash)
      },
      storedSignUp: { id in try await store.storedSignUp(id) }
    )
  }
}
