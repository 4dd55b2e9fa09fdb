import BraidRecording

// The password and its verification never reach a trace: placeholders of the same length stand
// in for them, equal when the two fields are equal.

extension SignUpForm.State: TraceRedactable {
  /// Replaces the password and its verification with their placeholders.
  ///
  /// - Parameter redactor: The trace's redactor.
  public mutating func redactSecrets(with redactor: inout SecretRedactor) {
    redactor.redact(&password)
    redactor.redact(&passwordVerification)
  }
}

extension SignUpForm.Action: TraceRedactable {
  /// Replaces a typed password or verification with its placeholder.
  ///
  /// - Parameter redactor: The trace's redactor.
  public mutating func redactSecrets(with redactor: inout SecretRedactor) {
    switch self {
    case .passwordChanged(let password): self = .passwordChanged(redactor.placeholder(for: password))
    case .passwordVerificationChanged(let password):
      self = .passwordVerificationChanged(redactor.placeholder(for: password))
    default: break
    }
  }
}
