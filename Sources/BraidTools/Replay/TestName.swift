/// The name `--test-name` gives an emitted test: a Swift identifier, and not one of Swift's
/// reserved words, so that the emitted `@Test func NAME()` compiles as written.
enum TestName {
  /// Swift's reserved words, which cannot name a function without backquotes.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "operator", "precedencegroup", "private", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
    "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "throw", "where", "while",
    "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
  ]

  /// What is wrong with `name` as a test's name, as the end of a sentence that starts with the
  /// flag; `nil` when nothing is.
  static func problem(with name: String) -> String? {
    guard isIdentifier(name) else { return "needs a Swift identifier" }
    guard !keywords.contains(name) else {
      return "'\(name)' is a Swift keyword: an emitted test named so would not compile"
    }
    return nil
  }

  private static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
    return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
  }
}
