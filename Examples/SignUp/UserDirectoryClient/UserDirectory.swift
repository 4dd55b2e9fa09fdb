import Braid

/// The back end of the sign-up form: checks whether a username is free and creates accounts.
///
/// `testValue` fails any test that reaches it without overriding the endpoint it uses;
/// `previewValue` (``noop``) answers at once. This target is the interface only: the form
/// depends on it, and the live directory on SQLite, `UserDirectory.live(path:busyTimeout:)`, is in
/// the `UserDirectoryLive` target, which an app installs with `withDependencies`.
public struct UserDirectory: Sendable {
  /// Whether `username` is free. Throws when the directory cannot be asked.
  public var isUsernameAvailable: @Sendable (_ username: String) async throws -> Bool
  /// Creates the account. Throws ``UserDirectoryError`` when it cannot.
  ///
  /// A request with a ``SignUpRequest/requestID`` that already created an account returns at
  /// once, as the first time did: a client that lost the answer may send it again.
  public var signUp: @Sendable (_ request: SignUpRequest) async throws -> Void
  /// The username of the account created by the request with this id, or `nil` if none was.
  ///
  /// A server asks this before any availability check, so a client retrying a sign-up it lost
  /// the answer to hears the stored outcome, not that its own name is taken.
  public var storedSignUp: @Sendable (_ requestID: String) async throws -> String?

  /// A directory made of its endpoints.
  ///
  /// - Parameter storedSignUp: Defaults to a directory that keeps no request ids.
  public init(
    isUsernameAvailable: @escaping @Sendable (_ username: String) async throws -> Bool,
    signUp: @escaping @Sendable (_ request: SignUpRequest) async throws -> Void,
    storedSignUp: @escaping @Sendable (_ requestID: String) async throws -> String? = { _ in nil }
  ) {
    self.isUsernameAvailable = isUsernameAvailable
    self.signUp = signUp
    self.storedSignUp = storedSignUp
  }

  /// Every username is free and every sign-up succeeds, at once.
  public static let noop = UserDirectory(isUsernameAvailable: { _ in true }, signUp: { _ in })
}

/// What the form sends to create an account.
public struct SignUpRequest: Sendable, Equatable {
  /// The chosen username.
  public var username: String
  /// The e-mail address.
  public var email: String
  /// The password, in plain text only on its way to the directory, which stores a hash.
  public var password: String
  /// The client's id for this sign-up, stored with the account (unique), so that sending the
  /// request again gets the first answer; `nil` for a request that is not retried.
  ///
  /// See ``isValidRequestID(_:)`` for the ids a directory accepts.
  public var requestID: String?

  /// A request for these values.
  public init(username: String, email: String, password: String, requestID: String? = nil) {
    self.username = username
    self.email = email
    self.password = password
    self.requestID = requestID
  }
}

/// Why the directory could not create an account.
public enum UserDirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Someone else has the username (perhaps since it was checked).
  case usernameTaken(String)
  /// The e-mail address is not one the directory accepts.
  case invalidEmail(String)
  /// The directory's storage failed; the message says how.
  case storage(String)
  /// The request id already created an account under another username.
  case requestIDReused(String)
  /// The directory could not answer, and says no more: what a server tells its clients in
  /// place of ``storage(_:)``, whose message may name hosts, ports, roles and paths.
  case unavailable

  /// A sentence for the user.
  public var description: String {
    switch self {
    case .usernameTaken(let name): "The username \(name) is already taken."
    case .invalidEmail(let email): "\(email) is not a valid e-mail address."
    case .storage(let message): "The user directory failed: \(message)"
    case .requestIDReused(let id): "The request id \(id) already created another account."
    case .unavailable: "The user directory is unavailable; try again later."
    }
  }
}

private enum UserDirectoryKey: TestDependencyKey {
  static let testValue = UserDirectory(
    isUsernameAvailable: unimplemented("UserDirectory.isUsernameAvailable"),
    signUp: unimplemented("UserDirectory.signUp"),
    storedSignUp: unimplemented("UserDirectory.storedSignUp")
  )
  static let previewValue = UserDirectory.noop
}

extension DependencyValues {
  /// The user directory the sign-up form talks to.
  public var userDirectory: UserDirectory {
    get { self[UserDirectoryKey.self] }
    set { self[UserDirectoryKey.self] = newValue }
  }
}
