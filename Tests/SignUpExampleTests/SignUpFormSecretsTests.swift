import Braid
import SignUpFeature
import Testing

/// The form's passwords in a trace: a placeholder of the same class (empty, too short,
/// acceptable, too long), so the form's rules decide on the placeholders as on the passwords.
struct SignUpFormSecretsTests {
  static let lengths = [0, 1, 7, 8, 9, 24, 100, 101, 150]

  @Test(arguments: lengths, lengths)
  func theRulesDecideOnPlaceholdersAsOnPasswords(passwordLength: Int, verificationLength: Int) {
    var state = SignUpForm.State()
    state.password = String(repeating: "é", count: passwordLength)
    // Equal when the lengths are, unequal (of the same length or not) otherwise.
    state.passwordVerification =
      passwordLength == verificationLength ? state.password : String(repeating: "ü", count: verificationLength)
    var redacted = state
    var redactor = SecretRedactor()
    redacted.redactSecrets(with: &redactor)
    #expect(redacted.isPasswordLongEnough == state.isPasswordLongEnough)
    #expect(redacted.isPasswordShortEnough == state.isPasswordShortEnough)
    #expect(redacted.passwordsMatch == state.passwordsMatch)
    #expect(redacted.passwordMessage == state.passwordMessage)
    #expect(redacted.verificationMessage == state.verificationMessage)
    // Nothing of a password but its class: no placeholder holds one of its characters.
    #expect(!redacted.password.contains("é") && !redacted.password.contains("ü"))
    #expect(!redacted.passwordVerification.contains("é") && !redacted.passwordVerification.contains("ü"))
  }

  @Test func aPasswordTypedAKeyAtATimeKeepsOnlyItsClassInEachAction() {
    var redactor = SecretRedactor()
    let typed = "correct horse battery 42"
    let actions = (1...typed.count).map { length -> SignUpForm.Action in
      var action = SignUpForm.Action.passwordChanged(String(typed.prefix(length)))
      action.redactSecrets(with: &redactor)
      return action
    }
    let expected =
      (1...7).map { SignUpForm.Action.passwordChanged("s\($0)") }
      + (1...(typed.count - 7)).map { SignUpForm.Action.passwordChanged("password-\($0)") }
    #expect(actions == expected)
  }
}
