/// Gives each secret of a trace a placeholder: as many characters as the secret, each of the
/// same kind (digit, ASCII uppercase, ASCII lowercase, anything else), the same placeholder for
/// the same secret and distinct placeholders for distinct secrets.
public struct SecretRedactor: Sendable {
  private var placeholders: [String: String] = [:]
  /// How many secrets of each shape (the kinds of their characters, in order) have come.
  private var shapes: [[Int]: Int] = [:]

  /// A redactor that has seen no secret yet.
  public init() {}

  /// Replaces `secret` with its placeholder.
  ///
  /// - Parameter secret: The secret; the empty string stays empty.
  public mutating func redact(_ secret: inout String) {
    secret = placeholder(for: secret)
  }

  /// The placeholder for `secret`, made when first asked for.
  ///
  /// - Parameter secret: The secret.
  /// - Returns: Its placeholder.
  public mutating func placeholder(for secret: String) -> String {
    if let known = placeholders[secret] { return known }
    // Numbered by how many secrets of this shape came before, so two secrets of one shape
    // differ in at least one character (up to the number of placeholders the shape allows).
    let kinds = secret.map(Self.kind(of:))
    let number = shapes[kinds, default: 0]
    shapes[kinds] = number + 1
    var remaining = number + 1
    var characters: [Character] = []
    for kind in kinds {
      let alphabet = Self.alphabets[kind]
      characters.append(alphabet[remaining % alphabet.count])
      remaining /= alphabet.count
    }
    let placeholder = String(characters)
    placeholders[secret] = placeholder
    return placeholder
  }

  private static let alphabets: [[Character]] = [
    Array("0123456789"), Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), Array("abcdefghijklmnopqrstuvwxyz"),
    Array("*#%&+=?@^~!$"),
  ]

  /// 0 for a digit, 1 an ASCII uppercase letter, 2 an ASCII lowercase letter, 3 anything else.
  private static func kind(of character: Character) -> Int {
    guard let ascii = character.asciiValue else { return 3 }
    switch ascii {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return 0
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 1
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return 2
    default: return 3
    }
  }
}
