import SignUpFeature
import UserDirectoryClient

/// One line of the sign-up event language that `signup --script` runs and `serve` reads from
/// each connection: `type FIELD TEXT`, `clear FIELD`, `wait DURATION`, `submit [REQUEST-ID]`,
/// `dismiss`, `show`.
package enum SignUpEvent: Equatable, Sendable {
  /// `type FIELD TEXT` (the rest of the line, spaces included) and `clear FIELD`.
  case set(SignUpScreen.Field, String)
  /// `wait 400ms`: let time pass before the next event.
  case wait(Duration)
  /// `submit`: press Create; `submit 7f1c`: with a request id, which makes sending it again
  /// safe (see ``SignUpRequest/requestID``).
  case submit(requestID: String?)
  /// `dismiss`: close the alert.
  case dismiss
  /// `show`: print the form.
  case show

  /// Why a line is not an event.
  package struct ParseError: Error, Equatable {
    /// What was expected, or `unknown command`.
    package let reason: String
    /// The part of the line that may be shown back: it stops before anything that may be a
    /// password (whatever follows a word the parser did not recognise, or a password-like word),
    /// and ends with ` …` when something was cut.
    package let shown: String
  }

  /// The longest `wait` a line may ask for.
  static let longestWait = Duration.seconds(24 * 60 * 60)

  /// The event `line` stands for; `nil` for a blank line or a `#` comment.
  package static func parse(_ line: String) throws(ParseError) -> SignUpEvent? {
    let line = line.trimmingCharacters(in: .whitespaces)
    if line.isEmpty || line.hasPrefix("#") { return nil }
    let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true).map(String.init)
    switch words[0] {
    case "type", "clear":
      guard words.count >= 2, let field = SignUpScreen.Field(rawValue: words[1]) else {
        let field = words.count >= 2 && !isPasswordLike(words[1]) ? " " + shortened(words[1]) : ""
        throw ParseError(
          reason: "expected a field (username, email, password, verification)",
          shown: words[0] + field + (words.count > (field.isEmpty ? 1 : 2) ? " …" : ""))
      }
      return .set(field, words[0] == "type" && words.count == 3 ? words[2] : "")
    case "wait":
      guard words.count == 2, let duration = duration(words[1]) else {
        throw ParseError(
          reason: "expected a duration from 0ms to 24h, such as 400ms or 1s",
          shown: words.count == 2 ? "wait " + shortened(words[1]) : "wait …")
      }
      return .wait(duration)
    case "submit":
      guard words.count > 1 else { return .submit(requestID: nil) }
      guard words.count == 2, SignUpRequest.isValidRequestID(words[1]) else {
        throw ParseError(
          reason:
            "expected a request id of 1 to \(SignUpRequest.longestRequestID) ASCII letters, digits, '-', '_', '.' or ':'",
          shown: "submit …")
      }
      return .submit(requestID: words[1])
    case "dismiss": return .dismiss
    case "show": return .show
    default:
      // A mistyped command is letters; anything else may be a password pasted on a line of its
      // own, and is not shown.
      let word = words[0]
      let looksLikeACommand = word.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
      let shown = looksLikeACommand && !isPasswordLike(word) ? shortened(word) : "(not shown)"
      throw ParseError(reason: "unknown command", shown: shown + (words.count > 1 ? " …" : ""))
    }
  }

  /// Whether `word` may name the password or its verification, mistyped: what follows it must
  /// not be shown.
  package static func isPasswordLike(_ word: String) -> Bool {
    let word = word.lowercased()
    return ["pass", "pw", "pwd", "secret", "verif", "word"].contains { word.contains($0) }
      || editDistance(word, "password") <= 3 || editDistance(word, "verification") <= 4
  }

  /// The Levenshtein distance between `a` and `b`, for telling a mistyped field name.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }

  /// At most 40 characters of `word`.
  private static func shortened(_ word: String) -> String {
    word.count <= 40 ? word : String(word.prefix(40)) + "…"
  }

  /// The form action that sets `field` to `text`.
  package static func action(_ field: SignUpScreen.Field, _ text: String) -> SignUpForm.Action {
    switch field {
    case .username: .usernameChanged(text)
    case .email: .emailChanged(text)
    case .password: .passwordChanged(text)
    case .verification: .passwordVerificationChanged(text)
    }
  }

  /// `400ms`, `2s`, `5m` or `1h`, from zero to ``longestWait``; `nil` otherwise.
  package static func duration(_ text: String) -> Duration? {
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

  /// Why "Create" is disabled, in words that complete "cannot create the account: …".
  package static func whyDisabled(_ state: SignUpForm.State) -> String {
    if state.isSigningUp { return "a sign-up is already in progress" }
    if state.username.isEmpty { return "the username is empty" }
    if state.email.isEmpty { return "the email is empty" }
    if !state.isEmailValid { return "the email is not a valid address" }
    if !state.isPasswordLongEnough { return "the password needs at least 8 characters" }
    if !state.isPasswordShortEnough {
      return "the password needs at most \(SignUpForm.State.longestPassword) characters"
    }
    if !state.passwordsMatch { return "the verification differs from the password" }
    switch state.availability {
    case .checked(false, SignUpForm.Availability.yoursMessage):
      return "the account \(state.username) was just created; type another username for another"
    case .checked(false, let message) where SignUpForm.problem(withUsername: state.username) != nil:
      return "the username is not allowed (\(message))"
    case .checked(false, _): return "the username is already taken"
    case .failed(let message): return "the username could not be checked (\(message))"
    default: return "the username has not been checked yet (add a wait after typing it, such as wait 400ms)"
    }
  }
}
