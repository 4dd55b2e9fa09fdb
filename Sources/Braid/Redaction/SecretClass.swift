/// A class of secrets a feature treats alike: the secrets its rules cannot tell apart, such as
/// the passwords too short to accept, each standing for the others.
///
/// A ``SecretRedactor`` records a secret as a placeholder of its class, and keeps nothing else
/// of it: not its length, not its characters. A replay then runs the feature on the
/// placeholder, which its rules put in the same class, so they decide as they did.
///
/// ```swift
/// static let passwordClasses: [SecretClass] = [
///   SecretClass("empty", contains: \.isEmpty, placeholder: { _ in "" }),
///   SecretClass("too short", contains: { $0.count < 8 }, placeholder: { "s\($0)" }),
///   SecretClass("acceptable", contains: { $0.count <= 100 }, placeholder: { "password-\($0)" }),
///   SecretClass("too long", contains: { _ in true }, placeholder: { String(repeating: "x", count: 101) + "\($0)" }),
/// ]
/// ```
public struct SecretClass: Sendable {
  /// The class's name, for messages.
  public let name: String
  /// Whether a secret is of this class.
  public let contains: @Sendable (String) -> Bool
  /// The placeholder of the class's `n`th distinct secret of a trace, from 1; it must be of
  /// the class, and differ from the others of the class.
  public let placeholder: @Sendable (_ number: Int) -> String

  /// Creates a class of secrets.
  ///
  /// - Parameters:
  ///   - name: The class's name.
  ///   - contains: Whether a secret is of the class. Classes are tried in order: the first
  ///     that contains a secret is its class.
  ///   - placeholder: The placeholder of the class's `n`th distinct secret, from 1: of the
  ///     class, and distinct for each `n`. A class that holds a single secret (the empty one)
  ///     is asked only for its first.
  public init(
    _ name: String,
    contains: @escaping @Sendable (String) -> Bool,
    placeholder: @escaping @Sendable (_ number: Int) -> String
  ) {
    self.name = name
    self.contains = contains
    self.placeholder = placeholder
  }

  /// The class of a feature that declares none: every secret alike, recorded as `secret-N`.
  /// Rules on a secret's content, such as its length, may then decide otherwise on replay.
  public static let any = SecretClass("any", contains: { _ in true }, placeholder: { "secret-\($0)" })
}
