import SignUpFeature

/// The sign-up form as text: what the interactive terminal draws and the scripted mode prints.
enum SignUpScreen {
  /// The form's fields, in tab order.
  enum Field: String, CaseIterable {
    case username, email, password, verification

    var label: String {
      switch self {
      case .username: "Username"
      case .email: "Email"
      case .password: "Password"
      case .verification: "Verify"
      }
    }
  }

  /// The screen for `state`, with a `>` at the focused field (none in scripted output).
  static func render(_ state: SignUpForm.State, focus: Field? = nil) -> String {
    func row(_ field: Field, _ value: String, _ note: String) -> String {
      let marker = field == focus ? ">" : " "
      let padded = value.padding(toLength: max(value.count, 24), withPad: " ", startingAt: 0)
      return "\(marker) \(field.label.padding(toLength: 9, withPad: " ", startingAt: 0)) [\(padded)] \(note)"
    }
    var lines = ["Sign up", ""]
    lines.append(row(.username, state.username, state.availability.message))
    lines.append(row(.email, state.email, ""))
    lines.append(row(.password, String(repeating: "*", count: state.password.count), ""))
    lines.append(
      row(.verification, String(repeating: "*", count: state.passwordVerification.count), state.passwordMessage))
    lines.append("")
    var create = state.isSignUpEnabled ? "  [ Create ]" : "  [ Create ] (disabled)"
    if state.isSigningUp { create += "  signing up…" }
    lines.append(create)
    if let alert = state.alert {
      lines.append("")
      lines.append("  \(alert.title): \(alert.message)")
    }
    return lines.joined(separator: "\n")
  }
}
