import Braid
import BraidTools
import DemoCommandLine
import Foundation
import SignUpFeature
import UserDirectoryClient
import UserDirectoryLive
import UsersDatabase

/// `braid-demo signup`: the sign-up form in the terminal, on the live SQLite user directory,
/// typed interactively or driven by a script of events.
public enum SignUpCommand {
  /// The command's lines of the demo's usage text.
  public static let usage = """
      signup             a sign-up form (username checked as you type) on a SQLite user directory
        --database PATH  the database file (default: $BRAID_USERS_DB or ~/.local/share/braid/users.sqlite);
                         a plain path, never a SQLite URI, created readable by its owner only
        --script FILE    run the events in FILE (or - for standard input) and print the screen;
                         without a terminal, events are read from standard input
                         events: type FIELD TEXT, clear FIELD, wait 400ms, submit, dismiss, show
                         fields: username, email, password, verification
        --record FILE    record the session into FILE, a new trace file ('braid-demo replay FILE'
                         checks it); the password and its verification are written as placeholders
        --force          replace a --record file that already exists
    """

  /// Runs the command with the arguments that follow `signup`.
  ///
  /// - Parameters:
  ///   - arguments: The command's flags and their values.
  ///   - printUsage: Prints the demo's whole usage text; called for `--help`.
  /// - Returns: The exit status: 0, or 1 when a script's last `submit` failed or could not be
  ///   made (the reason is written to standard error).
  /// - Throws: ``CommandError``: a usage error for an unknown or incomplete flag or a database
  ///   path that cannot last; a runtime error for a script that cannot be read or run.
  @MainActor
  @discardableResult
  public static func run(arguments: [String], printUsage: () -> Void) async throws(CommandError) -> Int32 {
    var arguments = arguments
    let databaseOption = try CommandError.usageOnFailure { try UsersDatabasePath.takeOption(from: &arguments) }
    var scriptPath: String?
    var recordPath: String?
    var force = false
    while !arguments.isEmpty {
      let flag = arguments.removeFirst()
      switch flag {
      case "--script", "--record":
        guard !arguments.isEmpty else { throw .usage("\(flag) needs a value") }
        let value = arguments.removeFirst()
        if flag == "--script" { scriptPath = value } else { recordPath = value }
      case "--force":
        force = true
      case "--help", "-h":
        printUsage()
        return 0
      default:
        throw .usage("unknown option '\(flag)'")
      }
    }
    let database: UsersDatabasePath
    do {
      database = try UsersDatabasePath.resolve(option: databaseOption)
    } catch {
      throw .usage(error.message)
    }
    if let warning = database.permissionWarning { warn(warning) }
    let directory = UserDirectory.live(path: database.path)
    let recording = try recordPath.map { path throws(CommandError) in
      // A keyframe after every action: the form's state is small, and a replay that diverges
      // then shows the recorded state of that very step beside its own.
      try SessionRecording<SignUpForm.State, SignUpForm.Action>(
        feature: "SignUp", initialState: SignUpForm.State(), path: path, replacing: force, keyframeInterval: 1)
    }
    // Without a terminal there is no one to type: read the events from standard input instead.
    if scriptPath == nil, isatty(0) == 0 { scriptPath = "-" }
    typealias Inspector = StoreInspector<SignUpForm.State, SignUpForm.Action>
    let session = { @Sendable [scriptPath] (inspector: Inspector?) async throws(CommandError) -> Int32 in
      guard let scriptPath else {
        let form = await InteractiveSignUp(directory: directory, inspector: inspector)
        await form.run()
        withExtendedLifetime(form) {}
        return 0
      }
      return try await runScript(scriptPath, directory: directory, inspector: inspector)
    }
    guard let recording else { return try await session(nil) }
    do {
      return try await recording.session { try await session(recording.inspector) }
    } catch let error as CommandError {
      throw error
    } catch {
      throw .runtime("\(error)")
    }
  }

  /// Writes `message` to standard error and returns the failure status.
  private static func failure(_ message: String) -> Int32 {
    warn(message)
    return 1
  }

  /// Writes `message` to standard error.
  static func warn(_ message: String) {
    FileHandle.standardError.write(Data("braid-demo: \(message)\n".utf8))
  }

  /// Runs a script; returns the exit status: 0, or 1 when its last `submit` failed or was
  /// impossible (the reason is on standard error).
  @MainActor
  static func runScript(
    _ path: String,
    directory: UserDirectory,
    inspector: StoreInspector<SignUpForm.State, SignUpForm.Action>?
  ) async throws(CommandError) -> Int32 {
    do {
      let form = ScriptedSignUp(directory: directory, inspector: inspector)
      let (screen, lastSubmission): (String, ScriptedSignUp.Submission?)
      if path == "-" {
        // Standard input is read a line at a time, each event done before the next is read.
        (screen, lastSubmission) = try await form.run(lines: ScriptText.standardInputLines())
      } else {
        let text = try ScriptText.read(path)
        // Any line ending: `\n`, `\r\n` (a script saved on Windows) or `\r`.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        (screen, lastSubmission) = try await form.run(lines: lines)
      }
      print(screen)
      switch lastSubmission {
      case .failed(let message): return failure("sign-up failed: \(message)")
      case .impossible(let reason): return failure("cannot create the account: \(reason)")
      case .signedUp, nil: return 0
      }
    } catch let error as ScriptedSignUp.ScriptError {
      throw .runtime("script \(error)")
    } catch let error as CommandError {
      throw error
    } catch {
      throw .runtime("script: \(error)")
    }
  }
}
