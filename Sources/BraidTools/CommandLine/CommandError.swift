/// Why a `braid-demo` command stopped: a command line it cannot run (a usage error), or
/// something that went wrong while it ran.
///
/// The two are told apart by their exit status, as command-line tools do: a usage error exits
/// with 64 (`EX_USAGE`) and is followed by the command's usage; any other failure (a file
/// missing, a port in use, a source unavailable, a script it cannot run) prints its one line
/// and exits with 1.
public struct CommandError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Which kind of failure it is.
  public enum Kind: Sendable, Equatable {
    /// The command line is wrong: an unknown flag, a missing or bad value, flags that conflict.
    case usage
    /// The command line was right, but the command could not do its work.
    case runtime
  }

  /// Which kind of failure it is.
  public let kind: Kind
  /// What went wrong, in one line.
  public let message: String

  /// A wrong command line.
  public static func usage(_ message: String) -> CommandError {
    CommandError(kind: .usage, message: message)
  }

  /// A failure while the command ran.
  public static func runtime(_ message: String) -> CommandError {
    CommandError(kind: .runtime, message: message)
  }

  /// What `parse` returns, or a usage error that says what it threw: for a command's parsing
  /// of an option by a helper with errors of its own.
  ///
  /// ```swift
  /// let database = try CommandError.usageOnFailure { try UsersDatabasePath.takeOption(from: &arguments) }
  /// ```
  ///
  /// - Parameter parse: Reads an option or a value.
  /// - Returns: What `parse` returns.
  /// - Throws: A usage error whose message is the description of what `parse` threw.
  public static func usageOnFailure<Value, Failure: Error>(
    _ parse: () throws(Failure) -> Value
  ) throws(CommandError) -> Value {
    do {
      return try parse()
    } catch {
      throw .usage("\(error)")
    }
  }

  /// The process's exit status for this failure: 64 for a usage error, 1 otherwise.
  public var exitStatus: Int32 {
    kind == .usage ? 64 : 1
  }

  /// The message.
  public var description: String { message }
}
