import AppFeature
import Braid
import BraidFetchedResultsLive
import BraidLocation
import BraidLocationLive
import BraidTools
import DemoCommandLine
import Foundation
import LocationTrackerCLI
import SignUpCLI
import UserDirectoryClient
import UserDirectoryLive
import UsersDatabase
import UsersListCLI
import UsersListFeature

/// `braid-demo app`: the four examples behind one home screen, a navigation stack that pushes
/// and pops them, typed on a terminal or run from a script.
public enum AppCommand {
  /// The command's lines of the demo's usage text.
  public static let usage = """
      app                the examples behind a home screen: a stack that pushes counter, signup,
                         location and users; popping a screen closes its source or database
        --database PATH  the users database of signup and users (default: the one `signup` uses)
        --nmea FILE      the log the location screen replays (default: a bundled real log, looped)
        --script FILE    run the verbs in FILE (or - for standard input), printing the screen at
                         each show and at the end; the clock moves, and work in flight
                         (a factoring, a sign-up) is waited for, only at wait
                         verbs: push SCREEN, pop, quit (stay or quit on its sheet), wait 1s, show,
                         and the top screen's: + - factor timer | type FIELD TEXT, clear FIELD,
                         submit, dismiss | track, fix | sections
    """

  /// Runs the command with the arguments that follow `app`.
  ///
  /// - Parameters:
  ///   - arguments: The command's flags and their values.
  ///   - printUsage: Prints the command's usage text; called for `--help`.
  /// - Throws: ``CommandError``: a usage error for an unknown or incomplete flag or a database
  ///   path that cannot last; a runtime error for a script that cannot be read or has a line
  ///   that is not a verb (every screen is closed first).
  @MainActor
  public static func run(arguments: [String], printUsage: () -> Void) async throws(CommandError) {
    var arguments = arguments
    let databaseOption = try CommandError.usageOnFailure { try UsersDatabasePath.takeOption(from: &arguments) }
    var scriptPath: String?
    var nmeaPath: String?
    while !arguments.isEmpty {
      let flag = arguments.removeFirst()
      switch flag {
      case "--script", "--nmea":
        guard let value = arguments.first, value == "-" || !value.hasPrefix("-") else {
          throw .usage("\(flag) needs a \(flag == "--script" ? "file or -" : "file")")
        }
        arguments.removeFirst()
        if flag == "--script" { scriptPath = value } else { nmeaPath = value }
      case "--help", "-h":
        printUsage()
        return
      default:
        throw .usage("unknown option '\(flag)'")
      }
    }
    let database = try UsersCommand.watchedDatabase(option: databaseOption)
    if let nmeaPath, !FileManager.default.isReadableFile(atPath: nmeaPath) {
      throw .runtime("cannot open '\(nmeaPath)': no such file, or not readable")
    }
    let bundled = nmeaPath == nil ? try LocationCommand.writeBundledLog() : nil
    defer { if let bundled { try? FileManager.default.removeItem(atPath: bundled) } }
    // Without a terminal there is no one to type: read the verbs from standard input instead.
    if scriptPath == nil, isatty(0) == 0 || isatty(1) == 0 { scriptPath = "-" }
    let clock: TestClock<Duration>? = scriptPath == nil ? nil : TestClock()
    let sources = AppScreen.Sources(
      location: nmeaPath ?? "bundled log \(BundledLog.name)", isLooping: nmeaPath == nil, database: database.fileName)
    let location = LocationSource.nmeaFile(path: nmeaPath ?? bundled ?? "", speed: 1, loop: nmeaPath == nil)
    let store = Store(initialState: DemoApp.State()) {
      DemoApp()
    } withDependencies: {
      if let clock {
        $0.continuousClock = clock
        $0.locationClient = .live(source: location, clock: clock)
      } else {
        $0.locationClient = .live(source: location)
      }
      $0.usersObserver = .live(path: database.fileName)
      $0.userDirectory = .live(path: database.path)
    }
    let session = AppSession(store: store, clock: clock)
    if let scriptPath {
      try await AppScript.run(scriptPath, session: session, sources: sources)
    } else {
      await AppTerminal.run(session, sources: sources)
    }
  }
}
