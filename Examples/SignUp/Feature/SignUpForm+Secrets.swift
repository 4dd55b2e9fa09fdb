import Braid

// The password and its verification never reach a trace: each is recorded as a placeholder of its
// class (empty, too short, acceptable, too long), the same for the same password, so the form's
// rules (long enough, short enough, the two the same) decide on replay as they did.

extension SignUpForm {
  /// The classes the form's rules sort a password into: a placeholder of the same class stands
  /// in for each password in a trace, and nothing else of it is kept.
  public static let passwordClasses: [SecretClass] = [
    SecretClass("empty", contains: \.isEmpty, placeholder: { _ in "" }),
    // At most 7 characters: `s` and the number in base 36.
    SecretClass(
      "too short", contains: { $0.count < State.shortestPassword }, placeholder: { "s\(String($0, radix: 36))" }),
    SecretClass("acceptable", contains: { $0.count <= State.longestPassword }, placeholder: { "password-\($0)" }),
    SecretClass(
      "too long", contains: { _ in true },
      placeholder: { String(repeating: "x", count: State.longestPassword + 1) + "\($0)" }),
  ]
}

extension SignUpForm.State: TraceRedactable {
  /// Replaces the password and its verification with their placeholders.
  ///
  /// - Parameter redactor: The trace's redactor.
  public mutating func redactSecrets(with redactor: inout SecretRedactor) {
    redactor.redact(&password, classes: SignUpForm.passwordClasses)
    redactor.redact(&passwordVerification, classes: SignUpForm.passwordClasses)
  }
}

extension SignUpForm.Action: TraceRedactable {
  /// Replaces a typed password or verification with its placeholder.
  ///
  /// - Parameter redactor: The trace's redactor.
  public mutating func redactSecrets(with redactor: inout SecretRedactor) {
    switch self {
    case .passwordChanged(let password):
      self = .passwordChanged(redactor.placeholder(for: password, classes: SignUpForm.passwordClasses))
    case .passwordVerificationChanged(let password):
      self = .passwordVerificationChanged(redactor.placeholder(for: password, classes: SignUpForm.passwordClasses))
    default: break
    }
  }
}
