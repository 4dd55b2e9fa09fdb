import DemoCommandLine
import SignUpFeature

/// The sign-up form as text: what the interactive terminal draws and the scripted mode prints.
package enum SignUpScreen {
  /// The form's fields, in tab order.
  package enum Field: String, CaseIterable, Sendable {
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
  package static func render(_ state: SignUpForm.State, focus: Field? = nil) -> String {
    func row(_ field: Field, _ value: String, _ note: String) -> String {
      let marker = field == focus ? ">" : " "
      let label = field.label.padding(toLength: 9, withPad: " ", startingAt: 0)
      return "\(marker) \(label) [\(boxed(TerminalText.visible(value)))] \(TerminalText.visible(note))"
    }
    var lines = ["Sign up", ""]
    lines.append(row(.username, state.username, state.availability.message))
    lines.append(row(.email, state.email, state.emailMessage))
    lines.append(row(.password, String(repeating: "*", count: state.password.count), state.passwordMessage))
    lines.append(
      row(.verification, String(repeating: "*", count: state.passwordVerification.count), state.verificationMessage))
    lines.append("")
    var create = state.isSignUpEnabled ? "  [ Create ]" : "  [ Create ] (disabled)"
    if state.isSigningUp { create += "  signing up…" }
    lines.append(create)
    if let alert = state.alert {
      lines.append("")
      lines.append("  \(alert.title): \(TerminalText.visible(alert.message))")
    }
    return lines.joined(separator: "\n")
  }

  /// The width of a field's box, in characters.
  static let boxWidth = 24

  /// `value` padded to the box's width, or cut to it with `…` at the end: a long value never
  /// pushes the note out of line.
  static func boxed(_ value: String) -> String {
    guard value.count <= boxWidth else { return value.prefix(boxWidth - 1) + "…" }
    return value.padding(toLength: boxWidth, withPad: " ", startingAt: 0)
  }
}
