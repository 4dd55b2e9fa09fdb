import SignUpFeature

/// One line of the sign-up event language that `signup --script` runs and `serve` reads from
/// each connection: `type FIELD TEXT`, `clear FIELD`, `wait DURATION`, `submit`, `dismiss`, `show`.
enum SignUpEvent: Equatable {
  /// `type FIELD TEXT` (the rest of the line, spaces included) and `clear FIELD`.
  case set(SignUpScreen.Field, String)
  /// `wait 400ms`: let time pass before the next event.
  case wait(Duration)
  /// `submit`: press Create.
  case submit
  /// `dismiss`: close the alert.
  case dismiss
  /// `show`: print the form.
  case show

  /// Why a line is not an event.
  struct ParseError: Error, Equatable {
    /// What was expected, or `unknown command`.
    let reason: String
  }

  /// The longest `wait` a line may ask for.
  static let longestWait = Duration.seconds(24 * 60 * 60)

  /// The event `line` stands for; `nil` for a blank line or a `#` comment.
  static func parse(_ line: String) throws(ParseError) -> SignUpEvent? {
    let line = line.trimmingCharacters(in: .whitespaces)
    if line.isEmpty || line.hasPrefix("#") { return nil }
    let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true).map(String.init)
    switch words[0] {
    case "type", "clear":
      guard words.count >= 2, let field = SignUpScreen.Field(rawValue: words[1]) else {
        throw ParseError(reason: "expected a field (username, email, password, verification)")
      }
      return .set(field, words[0] == "type" && words.count == 3 ? words[2] : "")
    case "wait":
      guard words.count == 2, let duration = duration(words[1]) else {
        throw ParseError(reason: "expected a duration from 0ms to 24h, such as 400ms or 1s")
      }
      return .wait(duration)
    case "submit": return .submit
    case "dismiss": return .dismiss
    case "show": return .show
    default:
      throw ParseError(reason: "unknown command")
    }
  }

  /// The form action that sets `field` to `text`.
  static func action(_ field: SignUpScreen.Field, _ text: String) -> SignUpForm.Action {
    switch field {
    case .username: .usernameChanged(text)
    case .email: .emailChanged(text)
    case .password: .passwordChanged(text)
    case .verification: .passwordVerificationChanged(text)
    }
  }

  /// `400ms`, `2s`, `5m` or `1h`, from zero to ``longestWait``; `nil` otherwise.
  static func duration(_ text: String) -> Duration? {
    let units: [(suffix: String, milliseconds: Int)] = [("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000)]
    for unit in units where text.hasSuffix(unit.suffix) {
      let digits = text.dropLast(unit.suffix.count)
      guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
        let value = Int(digits), value <= Int(longestWait.components.seconds) * 1_000 / unit.milliseconds
      else { return nil }
      return .milliseconds(value * unit.milliseconds)
    }
    return nil
  }

  /// Why "Create" is disabled, in the form's words.
  static func whyDisabled(_ state: SignUpForm.State) -> String {
    if state.isSigningUp { return "a sign-up is already in progress" }
    if state.username.isEmpty { return "the username is empty" }
    if state.email.isEmpty { return "the email is empty" }
    if !state.passwordMessage.isEmpty { return "the password: \(state.passwordMessage)" }
    switch state.availability {
    case .checked(false, let message), .failed(let message): return "the username: \(message)"
    default: return "the username has not been checked yet (add a wait after typing it, such as wait 400ms)"
    }
  }
}
