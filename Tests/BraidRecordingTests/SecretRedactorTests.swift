import BraidRecording
import Testing

@Suite struct SecretRedactorTests {
  @Test func aPlaceholderKeepsLengthAndKindsAndTheSameSecretGetsTheSamePlaceholder() {
    var redactor = SecretRedactor()
    let first = redactor.placeholder(for: "Hunter2-é!")
    #expect(first.count == 10)
    #expect(first != "Hunter2-é!")
    let kinds = zip("Hunter2-é!", first).map { secret, placeholder in
      (secret.isNumber && secret.isASCII) == (placeholder.isNumber)
        && (secret.isASCII && secret.isUppercase) == placeholder.isUppercase
        && (secret.isASCII && secret.isLowercase) == placeholder.isLowercase
    }
    #expect(kinds.allSatisfy { $0 })
    #expect(first.allSatisfy { $0.isASCII })
    #expect(redactor.placeholder(for: "Hunter2-é!") == first)
    #expect(redactor.placeholder(for: "") == "")
  }

  @Test func distinctSecretsGetDistinctPlaceholders() {
    var redactor = SecretRedactor()
    // A password typed a key at a time: every prefix is a secret of its own.
    let typed = (1...12).map { String("correcthorse1".prefix($0)) }
    let many = (0..<2_000).map { "pw\(String($0, radix: 26).padding(toLength: 6, withPad: "a", startingAt: 0))" }
    let secrets = typed + many
    let placeholders = secrets.map { redactor.placeholder(for: $0) }
    #expect(Set(placeholders).count == Set(secrets).count)
    #expect(zip(secrets, placeholders).allSatisfy { $0.count == $1.count && $0 != $1 })
    var other = SecretRedactor()
    var value = "correcthorse1"
    other.redact(&value)
    #expect(value.count == 13 && value != "correcthorse1")
  }
}
