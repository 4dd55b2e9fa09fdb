import Braid
import UserDirectoryClient

extension SignUpForm {
  /// The form: four fields, what is known about the username, and the sign-up in flight.
  public struct State: Equatable, Sendable, Codable {
    /// The username field.
    public var username = ""
    /// The e-mail field.
    public var email = ""
    /// The password field.
    public var password = ""
    /// The password-verification field.
    public var passwordVerification = ""
    /// What is known about the username's availability.
    public var availability = Availability.empty
    /// Whether a sign-up request is in flight (the activity indicator).
    public var isSigningUp = false
    /// The message shown after a sign-up attempt, until dismissed.
    public var alert: Alert?

    /// An empty form.
    public init() {}

    /// The shortest password, in characters.
    public static let shortestPassword = 8

    /// Whether the password has at least ``shortestPassword`` characters.
    public var isPasswordLongEnough: Bool { password.count >= Self.shortestPassword }

    /// The longest password, in characters (the system's password hashing takes at most 511
    /// bytes; 100 characters are at most 400 bytes of UTF-8).
    public static let longestPassword = 100

    /// Whether the password has at most ``longestPassword`` characters.
    public var isPasswordShortEnough: Bool { password.count <= Self.longestPassword }

    /// Whether the two password fields agree.
    public var passwordsMatch: Bool { password == passwordVerification }

    /// The hint next to the password: its length, when it is too short or too long.
    public var passwordMessage: String {
      if !isPasswordLongEnough { return "need 8 char." }
      if !isPasswordShortEnough { return "need at most \(Self.longestPassword) char." }
      return ""
    }

    /// The hint next to the verification: whether it matches the password.
    public var verificationMessage: String {
      passwordsMatch ? "" : "need same password"
    }

    /// Whether the e-mail passes the directory's rule, ``UserDirectory/isValidEmail(_:)``.
    public var isEmailValid: Bool { UserDirectory.isValidEmail(email) }

    /// The hint next to the e-mail, checked as the user types: empty until something is typed.
    public var emailMessage: String {
      email.isEmpty || isEmailValid ? "" : "not a valid e-mail address"
    }

    /// Whether the fields alone allow signing up (rule 1 without the server's answer).
    public var isFormValid: Bool {
      !username.isEmpty && isEmailValid && isPasswordLongEnough && isPasswordShortEnough && passwordsMatch
    }

    /// Whether "Create" is enabled: a valid form, a username confirmed available, and no
    /// sign-up in flight.
    public var isSignUpEnabled: Bool {
      isFormValid && availability.isAvailable && !isSigningUp
    }
  }

  /// What is known about the username.
  public enum Availability: Equatable, Sendable, Codable {
    /// Nothing typed.
    case empty
    /// A check is pending or in flight.
    case validating
    /// The directory answered; `isAvailable` says how.
    case checked(isAvailable: Bool, message: String)
    /// The directory could not be asked.
    case failed(String)

    /// Whether the username was confirmed available.
    public var isAvailable: Bool {
      if case .checked(true, _) = self { return true }
      return false
    }

    /// The message next to the username field once this form has created its account: the
    /// name is taken, by the account just made.
    public static let yoursMessage = "Yours now"

    /// The message next to the username field.
    public var message: String {
      switch self {
      case .empty: ""
      case .validating: "checking…"
      case .checked(_, let message), .failed(let message): message
      }
    }
  }

  /// The message after a sign-up attempt.
  public struct Alert: Equatable, Sendable, Codable {
    /// The title: success or failure.
    public var title: String
    /// The details.
    public var message: String

    /// An alert with this title and message.
    public init(title: String, message: String) {
      self.title = title
      self.message = message
    }
  }
}
