extension UserDirectory {
  /// The e-mail rule, one for the form and every directory: one `@`; a non-empty local part; a
  /// domain with a dot that neither starts nor ends it; no whitespace, and no control or
  /// invisible formatting characters (an escape sequence would act on the terminal of whoever
  /// lists the users); at most 254 characters. It rejects typos, not every invalid address
  /// (only sending a message proves an address works).
  public static func isValidEmail(_ email: String) -> Bool {
    guard email.count <= 254, !email.contains(where: \.isWhitespace) else { return false }
    let hasInvisible = email.unicodeScalars.contains { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
      default: false
      }
    }
    guard !hasInvisible else { return false }
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty else { return false }
    let domain = parts[1]
    return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
  }
}
