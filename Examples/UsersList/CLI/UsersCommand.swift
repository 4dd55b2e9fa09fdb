import Braid
import BraidFetchedResults
import BraidFetchedResultsLive
import BraidTools
import DemoCommandLine
import Foundation
import UsersDatabase
import UsersListFeature

/// `braid-demo users`: the sign-up example's users, live, as a screen redrawn from the store, or
/// (`--plain`, or no terminal) the list and then each change as lines.
public enum UsersCommand {
  /// The command's lines of the demo's usage text.
  public static let usage = """
      users              the sign-up example's users, updated live as they change
        --database PATH  the database (default: the one `signup` uses)
        --sections       group the users by initial
        --plain          print the list, then one line per change (the default without a terminal)
        --record FILE    record the session into a new trace file (see replay)
        --force          replace a --record file that already exists
    """

  /// Runs the command with the arguments that follow `users`.
  ///
  /// - Parameters:
  ///   - arguments: The command's flags and their values.
  ///   - printUsage: Prints the demo's whole usage text; called for `--help`.
  /// - Throws: ``CommandError``, a usage error for a wrong flag or a database path that cannot
  ///   last; a runtime error for a trace file that cannot be created or written.
  @MainActor
  public static func run(arguments: [String], printUsage: () -> Void) async throws(CommandError) {
    var arguments = arguments
    let databaseOption = try CommandError.usageOnFailure { try UsersDatabasePath.takeOption(from: &arguments) }
    var sectioned = false
    var plain = isatty(1) == 0 || isatty(0) == 0
    var recordPath: String?
    var force = false
    while !arguments.isEmpty {
      let flag = arguments.removeFirst()
      switch flag {
      case "--sections": sectioned = true
      case "--plain": plain = true
      case "--force": force = true
      case "--record":
        guard let path = arguments.first, !path.hasPrefix("-") else { throw .usage("--record needs a file") }
        arguments.removeFirst()
        recordPath = path
      case "--help", "-h":
        printUsage()
        return
      default:
        throw .usage("unknown option '\(flag)'")
      }
    }
    let path = try watchedDatabase(option: databaseOption).fileName
    var initial = UsersList.State()
    initial.isSectioned = sectioned
    // `--plain` runs until interrupted: the recording then gets the whole session.
    let recording = try recordPath.map { recordPath throws(CommandError) in
      try SessionRecording<UsersList.State, UsersList.Action>(
        feature: "UsersList", initialState: initial, path: recordPath, replacing: force)
    }
    guard let recording else {
      await run(initial: initial, database: path, plain: plain, inspector: nil)
      return
    }
    do {
      try await recording.session { [initial, plain] in
        await run(initial: initial, database: path, plain: plain, inspector: recording.inspector)
      }
    } catch let error as CommandError {
      throw error
    } catch {
      throw .runtime("\(error)")
    }
  }

  /// The database `option` names (or the default one), its permission warning said on
  /// standard error, and its folder made when missing (owner-only, as `signup` makes it), so
  /// that an observer can watch the folder before `signup` creates the database.
  ///
  /// - Parameter option: The `--database` path, if given.
  /// - Returns: The database.
  /// - Throws: A usage ``CommandError`` for a path that cannot last.
  package static func watchedDatabase(option: String?) throws(CommandError) -> UsersDatabasePath {
    let database: UsersDatabasePath
    do {
      database = try UsersDatabasePath.resolve(option: option)
    } catch {
      throw .usage(error.message)
    }
    if let warning = database.permissionWarning {
      FileHandle.standardError.write(Data("braid-demo: \(warning)\n".utf8))
    }
    try? FileManager.default.createDirectory(
      atPath: URL(fileURLWithPath: database.fileName).deletingLastPathComponent().path,
      withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return database
  }

  @MainActor
  private static func run(
    initial: UsersList.State, database path: String, plain: Bool,
    inspector: StoreInspector<UsersList.State, UsersList.Action>?
  ) async {
    // Released before the recording closes, so that the trace ends with the store's release.
    let store = Store(initialState: initial, inspector: inspector) {
      UsersList()
    } withDependencies: {
      $0.usersObserver = .live(path: path)
    }
    if plain {
      await printChanges(store)
    } else {
      await runScreen(store, database: path)
    }
  }

  /// Prints the list, then each change as it arrives, until interrupted.
  @MainActor
  static func printChanges(_ store: Store<UsersList.State, UsersList.Action>) async {
    var printedList = false
    var printedSets = 0
    var reported: FetchedResultsError?
    for await state in store.values(of: \.self) {
      if state.isLoaded, !printedList {
        write(UsersScreen.listing(state.users) + ["# \(state.users.count) user(s)"])
        printedList = true
        printedSets = state.changeSets
      }
      if printedList, state.changeSets != printedSets {
        write(state.latestChanges + ["# \(state.users.count) user(s)"])
        printedSets = state.changeSets
      }
      if let error = state.error, error != reported {
        FileHandle.standardError.write(Data("braid-demo: \(TerminalText.visible("\(error)"))\n".utf8))
      }
      reported = state.error
    }
    store.dismount()
  }

  private static func write(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    // Names and addresses come from the database, where anyone may have put an escape sequence.
    let text = lines.map(TerminalText.visible).joined(separator: "\n")
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// Shows the screen, redrawn on every change, and reads commands from standard input.
  @MainActor
  static func runScreen(_ store: Store<UsersList.State, UsersList.Action>, database: String) async {
    let token = store.observe(\.self) { state in
      print(
        "\u{1B}[2J\u{1B}[H"
          + TerminalText.visibleLines(
            UsersScreen.screen(state, database: database, height: UsersScreen.terminalHeight())))
    }
    let lines = CommandInput.lines()
    for await line in lines {
      let command = line.trimmingCharacters(in: .whitespaces)
      if command == "q" { break }
      if command == "s" { store.send(.toggleSectionsTapped) }
    }
    token.cancel()
    store.dismount()
  }
}
