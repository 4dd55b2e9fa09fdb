import Braid
import UserDirectoryClient

/// The user directory a sign-up exploration whose effects run talks to: in memory, one per walk,
/// answering after a delay on the walk's clock, so that time steps decide what is in flight.
///
/// `ab` is taken from the start, and every name an account is made for is taken after; a name
/// that starts with `bb` cannot be checked (the directory is "offline" for it). Names are
/// compared as given: the exploration's names are lowercase letters, so the live directory's
/// folding would change none of them.
final class SignUpExplorationDirectory: Sendable {
  /// How long a check takes.
  static let checkLatency = Duration.milliseconds(200)
  /// How long a sign-up takes.
  static let signUpLatency = Duration.milliseconds(500)

  private let clock: any Clock<Duration>
  private let taken = SanitizerVisibleMutex<Set<String>>(["ab"])

  /// A directory whose answers wait on `clock`.
  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  /// The directory as the form's dependency.
  var client: UserDirectory {
    UserDirectory(
      isUsernameAvailable: { [self] name in
        try await clock.sleep(for: Self.checkLatency)
        guard !name.hasPrefix("bb") else { throw UserDirectoryError.storage("offline") }
        return !taken.withLock { $0.contains(name) }
      },
      signUp: { [self] request in
        try await clock.sleep(for: Self.signUpLatency)
        guard taken.withLock({ $0.insert(request.username).inserted }) else {
          throw UserDirectoryError.usernameTaken(request.username)
        }
      })
  }
}
