import Dispatch
import UserDirectoryClient

/// What a server finds when it first reaches for its PostgreSQL directory, to decide whether and
/// how to start.
public enum PostgresStartCheck: Sendable, Equatable {
  /// A connection opened.
  case reachable
  /// The URL is not one libpq can use (not a connection string, an unknown option, a value it
  /// refuses): a server given it must not start.
  case malformed(String)
  /// The URL is well formed but no connection opened (a server down, a wrong password, an
  /// unknown host). The message names the server without its user or password.
  case unreachable(String)

  /// Checks `url` and opens one connection to it, on a thread of its own (libpq blocks), within
  /// the URL's connect timeout (5 seconds unless it sets its own).
  ///
  /// - Parameter url: A libpq connection URL or `key=value` string.
  /// - Returns: What was found.
  public static func check(url: String) async -> PostgresStartCheck {
    if let problem = PostgresConnection.problem(withURL: url) { return .malformed(problem) }
    return await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        do throws(PostgresError) {
          _ = try PostgresConnection(url: url, statementTimeout: .seconds(5))
          continuation.resume(returning: .reachable)
        } catch {
          continuation.resume(returning: .unreachable(error.message(at: PostgresUserStore.place(of: url))))
        }
      }
    }
  }
}
