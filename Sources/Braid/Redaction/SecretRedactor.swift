/// Gives each secret of a trace a placeholder of its class (``SecretClass``): the same
/// placeholder for the same secret, distinct placeholders for distinct secrets, and nothing else
/// of the secret kept: not its length, not its characters.
///
/// Equal secrets match and unequal ones differ, so a rule that compares two secrets (a password
/// and its verification) decides on replay as it did; a rule on a secret's class (too short,
/// acceptable) does too, because the placeholder is of the same class.
public struct SecretRedactor: Sendable {
  /// The placeholder of each secret seen.
  private var placeholders: [String: String] = [:]
  /// The placeholders given so far.
  private var used: Set<String> = []
  /// How many placeholders each class (by name) has been asked for.
  private var counts: [String: Int] = [:]

  /// A redactor that has seen no secret yet.
  public init() {}

  /// Replaces `secret` with its placeholder.
  ///
  /// - Parameters:
  ///   - secret: The secret.
  ///   - classes: The classes the feature sorts such secrets into, tried in order; a secret
  ///     none contains is of ``SecretClass/any``.
  public mutating func redact(_ secret: inout String, classes: [SecretClass] = []) {
    secret = placeholder(for: secret, classes: classes)
  }

  /// The placeholder for `secret`, made when first asked for.
  ///
  /// - Parameters:
  ///   - secret: The secret.
  ///   - classes: The classes the feature sorts such secrets into, tried in order; a secret
  ///     none contains is of ``SecretClass/any``.
  /// - Returns: Its placeholder.
  public mutating func placeholder(for secret: String, classes: [SecretClass] = []) -> String {
    if let known = placeholders[secret] { return known }
    let secretClass = classes.first { $0.contains(secret) } ?? .any
    var candidate = ""
    // Distinct secrets get distinct placeholders: one already given is skipped. A class that
    // runs out of new ones (a mistaken declaration) falls back to `any`'s.
    for source in [secretClass, .any] {
      for _ in 0..<1_000 {
        let number = counts[source.name, default: 0] + 1
        counts[source.name] = number
        candidate = source.placeholder(number)
        if !used.contains(candidate) { break }
      }
      if !used.contains(candidate) { break }
    }
    used.insert(candidate)
    placeholders[secret] = candidate
    return candidate
  }
}
