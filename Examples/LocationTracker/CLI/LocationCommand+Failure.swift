extension LocationCommand {
  /// Why the command stopped: wrong arguments (a usage error) or a source it cannot read, or a
  /// log without a fix (a runtime error).
  ///
  /// The two want different answers from the program that runs the command, given by ``kind``
  /// and ``exitStatus``: after a usage error it prints `braid-demo: ` and the message, then the
  /// usage text, and exits 64 (`EX_USAGE`); after a runtime error it prints that one line alone
  /// on standard error, since the arguments were right, and exits 1.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    /// Which kind of failure it is.
    public enum Kind: Sendable, Equatable {
      /// An unknown flag, a flag without its value, a bad value, flags that conflict.
      case usage
      /// A source that cannot be opened or read, or a log that gives no fix.
      case runtime
    }

    /// Which kind of failure it is.
    public let kind: Kind
    /// What is wrong, in one line.
    public let message: String

    /// The status to exit with: 64 for a usage error, 1 for a runtime error.
    public var exitStatus: Int32 { kind == .usage ? 64 : 1 }

    /// The message.
    public var description: String { message }

    /// A usage error.
    public static func usage(_ message: String) -> Failure { Failure(kind: .usage, message: message) }

    /// A runtime error.
    public static func runtime(_ message: String) -> Failure { Failure(kind: .runtime, message: message) }
  }
}
