import Synchronization
import UserDirectoryClient

extension UserDirectory {
  /// This directory, saying in `log` when it stops answering and when it answers again: once
  /// per change, whichever of the server's connections meets it, never once per request.
  ///
  /// A request that fails on the directory's storage counts as a loss; any answer the
  /// directory gives (a taken name included) as a recovery. The messages are the storage
  /// errors', which name the server without its user or password.
  ///
  /// - Parameters:
  ///   - answering: Whether the directory is answering at the start (`false` after a start
  ///     that could not reach it, so that its first answer is logged).
  ///   - log: Where the changes are written: the server's log.
  func loggingAvailability(answering: Bool, log: @escaping @Sendable (String) -> Void) -> UserDirectory {
    let isAnswering = Atomic(answering)
    @Sendable func answered() {
      if !isAnswering.exchange(true, ordering: .relaxed) { log("the user directory answers again") }
    }
    @Sendable func failed(_ error: any Error) {
      guard case UserDirectoryError.storage(let message)? = error as? UserDirectoryError else {
        if error is UserDirectoryError { answered() }
        return
      }
      if isAnswering.exchange(false, ordering: .relaxed) { log("the user directory stopped answering: \(message)") }
    }
    return UserDirectory(
      isUsernameAvailable: { username in
        do {
          let available = try await isUsernameAvailable(username)
          answered()
          return available
        } catch {
          failed(error)
          throw error
        }
      },
      signUp: { request in
        do {
          try await signUp(request)
          answered()
        } catch {
          failed(error)
          throw error
        }
      },
      storedSignUp: { id in
        do {
          let stored = try await storedSignUp(id)
          answered()
          return stored
        } catch {
          failed(error)
          throw error
        }
      }
    )
  }
}
