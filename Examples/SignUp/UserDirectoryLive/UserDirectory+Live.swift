import Dispatch
import Foundation
import UserDirectoryClient
import UsersDatabase

extension UserDirectory {
  /// A directory kept in the SQLite database at `path`.
  ///
  /// - Usernames are unique after Unicode NFKC normalization and case folding (`Alice` and
  ///   `alice`, `Émile` and `émile`, `Straße` and `STRASSE` are the same user), enforced by a
  ///   unique index, so two processes racing for one name cannot both get it.
  /// - An existing `users` table is checked when the database is opened and migrated to that
  ///   rule in one transaction; a table missing a column, or holding two users the rule makes
  ///   one, is a storage error that names them, and nothing is changed.
  /// - E-mail addresses must pass ``isValidEmail(_:)``.
  /// - Passwords are stored only as salted yescrypt hashes (the system's libcrypt).
  /// - A request's ``SignUpRequest/requestID`` is stored with its account under a unique index:
  ///   the same request sent again succeeds without a second account, and an id that created
  ///   another user's account is ``UserDirectoryError/requestIDReused(_:)``.
  /// - Storage failures (a directory that cannot be created, a file that is not a database, a
  ///   lock held past `busyTimeout`) are thrown as ``UserDirectoryError/storage(_:)``, never a
  ///   crash. The database is opened on first use and closed when the last copy of the
  ///   directory is released.
  ///
  /// - The database is always a file that lasts: `path` is checked by ``UsersDatabasePath``
  ///   when the database is opened, a new file is created readable by its owner only, and the
  ///   file SQLite opened is compared with the one meant (a path SQLite would read as an
  ///   in-memory or temporary database fails as a storage error instead of keeping nothing).
  ///
  /// - Parameters:
  ///   - path: The database file; its directory is created if needed.
  ///   - busyTimeout: How long to wait for another connection's lock.
  public static func live(path: String, busyTimeout: Duration = .seconds(2)) -> UserDirectory {
    let store = UserStore(path: path, busyTimeout: busyTimeout)
    // SQLite and password hashing block their thread (SQLite up to `busyTimeout` when another
    // connection holds the database): they run on queues of the directory's own, never on the
    // cooperative pool, where they would stall every store of the process. Queries go one at a
    // time (there is one connection); hashes, slow by design, side by side.
    let database = DispatchQueue(label: "braid.user-directory.database")
    let hashing = DispatchQueue(label: "braid.user-directory.hashing", attributes: .concurrent)
    return UserDirectory(
      isUsernameAvailable: { username in try await database.perform { try store.isAvailable(username) } },
      signUp: { request in
        let hash = try await hashing.perform { try store.passwordHash(for: request) }
        try await database.perform { try store.insert(request, passwordHash: hash) }
      },
      storedSignUp: { id in try await database.perform { try store.storedSignUp(id) } }
    )
  }
}
