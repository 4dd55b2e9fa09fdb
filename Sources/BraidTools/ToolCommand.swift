/// One command of a tool executable: `features`, `replay` or `explore`, with its usage. A tool
/// with commands of its own (as `braid-demo` has) lists these beside them; one without calls
/// ``BraidTools/main(catalog:arguments:toolName:)``.
@MainActor
public struct ToolCommand {
  /// The command's name, the first argument.
  public let name: String
  /// The one-line synopsis, after `usage: `.
  public let synopsis: String
  /// The command's lines of the usage text: what it does and its options.
  public let options: String
  /// Runs the command with the arguments after its name; the closure prints the command's
  /// help, for `--help`. Returns the exit status.
  public let run: @MainActor ([String], () -> Void) async throws(CommandError) -> Int32

  /// What `TOOL help NAME` and `TOOL NAME --help` print.
  public var help: String { "usage: \(synopsis)\n\n\(options)" }
}
