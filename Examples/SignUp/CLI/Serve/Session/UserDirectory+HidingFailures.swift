import UserDirectoryClient

extension UserDirectory {
  /// This directory as a server's anonymous clients may see it: a failure of its storage
  /// reaches them as ``UserDirectoryError/unavailable``, and its details (a database's host,
  /// port, name, role or socket path, in libpq's words) go to `log`, the server's log.
  ///
  /// The answers a client is owed pass unchanged: a taken username, an invalid e-mail address,
  /// a reused request id, and a cancellation.
  func hidingFailures(log: @escaping @Sendable (String) -> Void) -> UserDirectory {
    @Sendable func hidden(_ error: any Error) -> any Error {
      switch error {
      case is CancellationError: return error
      case let directoryError as UserDirectoryError:
        switch directoryError {
        case .usernameTaken, .invalidEmail, .requestIDReused, .unavailable: return error
        case .storage: break
        }
      default: break
      }
      log("the user directory failed: \(error)")
      return UserDirectoryError.unavailable
    }
    return UserDirectory(
      isUsernameAvailable: { username in
        do { return try await isUsernameAvailable(username) } catch { throw hidden(error) }
      },
      signUp: { request in
        do { try await signUp(request) } catch { throw hidden(error) }
      },
      storedSignUp: { id in
        do { return try await storedSignUp(id) } catch { throw hidden(error) }
      }
    )
  }
}
