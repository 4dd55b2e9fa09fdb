import Foundation
import UserDirectoryClient
import UserDirectoryLive

/// `braid-demo signup`: the sign-up form in the terminal, on the live SQLite user directory,
/// typed interactively or driven by a script of events.
public enum SignUpCommand {
  /// The command's lines of the demo's usage text.
  public static let usage = """
      signup             the sign-up form of the seed articles, on a SQLite user directory
        --database PATH  the database (default: $BRAID_USERS_DB or ~/.local/share/braid/users.sqlite)
        --script FILE    run the events in FILE (or - for standard input) and print the screen;
                         without a terminal, events are read from standard input
                         events: type FIELD TEXT, clear FIELD, wait 400ms, submit, dismiss, show
                         fields: username, email, password, verification
    """

  /// Wrong arguments, or a script that cannot be read or run.
  public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in one line.
    public let message: String

    /// The message.
    public var description: String { message }
  }

  /// Runs the command with the arguments that follow `signup`.
  ///
  /// - Parameters:
  ///   - arguments: The command's flags and their values.
  ///   - printUsage: Prints the demo's whole usage text; called for `--help`.
  /// - Throws: ``UsageError`` for an unknown or incomplete flag, or a script that cannot be read
  ///   or run.
  @MainActor
  public static func run(arguments: [String], printUsage: () -> Void) async throws(UsageError) {
    var arguments = arguments
    var databasePath = UserDirectory.defaultDatabasePath
    var scriptPath: String?
    while !arguments.isEmpty {
      let flag = arguments.removeFirst()
      switch flag {
      case "--database", "--script":
        guard !arguments.isEmpty else { throw UsageError(message: "\(flag) needs a value") }
        let value = arguments.removeFirst()
        if flag == "--database" { databasePath = value } else { scriptPath = value }
      case "--help", "-h":
        printUsage()
        return
      default:
        throw UsageError(message: "unknown option '\(flag)'")
      }
    }
    let directory = UserDirectory.live(path: databasePath)
    // Without a terminal there is no one to type: read the events from standard input instead.
    if scriptPath == nil, isatty(0) == 0 { scriptPath = "-" }
    if let scriptPath {
      try await runScript(scriptPath, directory: directory)
    } else {
      let form = InteractiveSignUp(directory: directory)
      await form.run()
      withExtendedLifetime(form) {}
    }
  }

  @MainActor
  static func runScript(_ path: String, directory: UserDirectory) async throws(UsageError) {
    let text: String
    if path == "-" {
      var lines: [String] = []
      while let line = readLine() { lines.append(line) }
      text = lines.joined(separator: "\n")
    } else {
      guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
        throw UsageError(message: "cannot read script '\(path)'")
      }
      text = contents
    }
    do {
      let screen = try await ScriptedSignUp(directory: directory).run(lines: text.components(separatedBy: "\n"))
      print(screen)
    } catch {
      throw UsageError(message: "script \(error)")
    }
  }
}
