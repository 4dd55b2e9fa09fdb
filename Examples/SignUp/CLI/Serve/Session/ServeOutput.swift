import Foundation
import SignUpFeature

/// The lines `serve` writes to a client, one JSON object per line, keys sorted:
///
/// ```json
/// {"alert":null,"canCreate":false,"email":"","emailMessage":"","password":{"set":false,"valid":false},
///  "passwordMessage":"need 8 char.","signingUp":false,"type":"state","username":"alice",
///  "usernameAvailable":null,"usernameStatus":"checking…","verification":{"matches":true,"set":false},
///  "verificationMessage":""}
/// {"line":3,"message":"unknown command: fly","type":"error"}
/// {"line":6,"message":"cannot create the account: the username is already taken","outcome":"usernameTaken","type":"error"}
/// ```
///
/// A state line follows every change of the form; an error line answers a line the server could
/// not act on (`line` counts the connection's lines from 1). Passwords never leave the server:
/// a state line says only whether each password field is set, whether the password is valid
/// and whether the verification matches, as the terminal form masks them.
enum ServeOutput {
  struct StateLine: Encodable {
    struct Password: Encodable {
      let set: Bool
      let valid: Bool
    }
    struct Verification: Encodable {
      let set: Bool
      let matches: Bool
    }
    struct Alert: Encodable {
      let title: String
      let message: String
    }

    let type = "state"
    let username: String
    let usernameStatus: String
    /// `nil` until the directory has answered.
    let usernameAvailable: Bool?
    let email: String
    let password: Password
    let verification: Verification
    let emailMessage: String
    let passwordMessage: String
    let verificationMessage: String
    let canCreate: Bool
    let signingUp: Bool
    let alert: Alert?

    init(_ state: SignUpForm.State) {
      username = state.username
      usernameStatus = state.availability.message
      if case .checked(let isAvailable, _) = state.availability {
        usernameAvailable = isAvailable
      } else {
        usernameAvailable = nil
      }
      email = state.email
      password = Password(
        set: !state.password.isEmpty,
        valid: state.isPasswordLongEnough && state.isPasswordShortEnough)
      verification = Verification(set: !state.passwordVerification.isEmpty, matches: state.passwordsMatch)
      emailMessage = state.emailMessage
      passwordMessage = state.passwordMessage
      verificationMessage = state.verificationMessage
      canCreate = state.isSignUpEnabled
      signingUp = state.isSigningUp
      alert = state.alert.map { Alert(title: $0.title, message: $0.message) }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(type, forKey: .type)
      try container.encode(username, forKey: .username)
      try container.encode(usernameStatus, forKey: .usernameStatus)
      try container.encode(usernameAvailable, forKey: .usernameAvailable)
      try container.encode(email, forKey: .email)
      try container.encode(password, forKey: .password)
      try container.encode(verification, forKey: .verification)
      try container.encode(emailMessage, forKey: .emailMessage)
      try container.encode(passwordMessage, forKey: .passwordMessage)
      try container.encode(verificationMessage, forKey: .verificationMessage)
      try container.encode(canCreate, forKey: .canCreate)
      try container.encode(signingUp, forKey: .signingUp)
      try container.encode(alert, forKey: .alert)
    }

    enum CodingKeys: String, CodingKey {
      case type, username, usernameStatus, usernameAvailable, email, password, verification
      case emailMessage, passwordMessage, verificationMessage, canCreate, signingUp, alert
    }
  }

  struct ErrorLine: Encodable {
    let type = "error"
    let line: Int
    let message: String
    /// Only on a refused `submit`: `usernameTaken` when the form knows the name is taken,
    /// `refused` for anything else it lacks, so scripts need not read `message`.
    let outcome: String?
  }

  /// The state line for `state`.
  static func state(_ state: SignUpForm.State) -> String {
    encode(StateLine(state))
  }

  /// The error line for line `line` of the connection; `outcome` for a refused `submit`.
  static func error(line: Int, _ message: String, outcome: String? = nil) -> String {
    encode(ErrorLine(line: line, message: message, outcome: outcome))
  }

  static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Every field is a string, a Boolean, an integer or nil: encoding cannot fail.
    guard let data = try? encoder.encode(value) else { return #"{"type":"error","message":"encoding failed"}"# }
    return String(decoding: data, as: UTF8.self)
  }
}
