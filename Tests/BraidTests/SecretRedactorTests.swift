import Braid
import Testing

@Suite struct SecretRedactorTests {
  /// A feature's classes: its rules accept 8 to 20 characters.
  static let classes: [SecretClass] = [
    SecretClass("empty", contains: \.isEmpty, placeholder: { _ in "" }),
    SecretClass("too short", contains: { $0.count < 8 }, placeholder: { "s\(String($0, radix: 36))" }),
    SecretClass("acceptable", contains: { $0.count <= 20 }, placeholder: { "password-\($0)" }),
    SecretClass("too long", contains: { _ in true }, placeholder: { String(repeating: "x", count: 21) + "\($0)" }),
  ]

  static func classOf(_ secret: String) -> String? {
    classes.first { $0.contains(secret) }?.name
  }

  @Test func aPlaceholderKeepsItsSecretsClassAndNothingElse() {
    var redactor = SecretRedactor()
    // Before, this was `baaaaaa*aaaaa*aaaaaaa*00`: word lengths and digit places in every trace.
    let secrets = ["correct horse 42", "", "abc", "Hunter2-é!", String(repeating: "long ", count: 10)]
    let placeholders = secrets.map { redactor.placeholder(for: $0, classes: Self.classes) }
    #expect(placeholders == ["password-1", "", "s1", "password-2", String(repeating: "x", count: 21) + "1"])
    #expect(zip(secrets, placeholders).allSatisfy { Self.classOf($0) == Self.classOf($1) })
    // The same secret, the same placeholder: a password and its verification still match.
    #expect(redactor.placeholder(for: "correct horse 42", classes: Self.classes) == "password-1")
    #expect(redactor.placeholder(for: "abc", classes: Self.classes) == "s1")
  }

  @Test func distinctSecretsGetDistinctPlaceholdersOfTheirClass() {
    var redactor = SecretRedactor()
    // A password typed a key at a time: every prefix is a secret of its own.
    let typed = (1...13).map { String("correcthorse1".prefix($0)) }
    let many = (0..<2_000).map { "pw\(String($0, radix: 26).padding(toLength: 6, withPad: "a", startingAt: 0))" }
    let secrets = typed + many
    let placeholders = secrets.map { redactor.placeholder(for: $0, classes: Self.classes) }
    #expect(Set(placeholders).count == Set(secrets).count)
    #expect(zip(secrets, placeholders).allSatisfy { Self.classOf($0) == Self.classOf($1) })
    #expect(Array(placeholders.prefix(8)) == ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "password-1"])
  }

  @Test func withoutClassesEverySecretIsNumbered() {
    var redactor = SecretRedactor()
    var value = "correct horse 42"
    redactor.redact(&value)
    #expect(value == "secret-1")
    #expect(redactor.placeholder(for: "another") == "secret-2")
    #expect(redactor.placeholder(for: "correct horse 42") == "secret-1")
  }

  @Test func aClassThatRepeatsItsPlaceholderStillGivesDistinctOnes() {
    let careless = [SecretClass("all", contains: { _ in true }, placeholder: { _ in "same" })]
    var redactor = SecretRedactor()
    let placeholders = ["a", "b", "c"].map { redactor.placeholder(for: $0, classes: careless) }
    #expect(Set(placeholders).count == 3)
    #expect(placeholders.first == "same")
  }
}
