import BraidPOSIX
import BraidTools
import BraidTrace
import DemoCommandLine
import Dispatch
import Foundation
import UserDirectoryClient
import UserDirectoryLive
import UserDirectoryPostgres
import UsersDatabase

/// `braid-demo serve`: the sign-up form as a line-based TCP service (``SignUpServer``).
public enum ServeCommand {
  /// The command's lines of the demo's usage text.
  public static let usage = """
      serve              the sign-up form as a TCP service: a store per connection, on its own actor
        --port P         the port (0: one the system chooses; the chosen port is printed)
        --host ADDRESS   the address to listen on (default: 127.0.0.1, this machine only)
        --database PATH  the database (default: $BRAID_USERS_DB or ~/.local/share/braid/users.sqlite)
        --postgres URL   keep users on PostgreSQL instead (default: $BRAID_POSTGRES_URL if set), so
                         several servers behind a load balancer can share them
        --postgres-connections N
                         the most PostgreSQL connections this server opens (1 to 64, default 4)
        --record-dir DIR record each connection's session into a new trace in DIR (see replay)
                         clients send signup's events (type FIELD TEXT, wait 1s, submit [ID], …),
                         one per line, and get a JSON line per state change and per submit's
                         outcome; Ctrl-C stops the server
    """

  /// Runs the command with the arguments that follow `serve`, until the process is interrupted.
  ///
  /// - Parameters:
  ///   - arguments: The command's flags and their values.
  ///   - printUsage: Prints the demo's whole usage text; called for `--help`.
  /// - Throws: ``CommandError``: a usage error for an unknown or incomplete flag, a bad port or
  ///   a database path that cannot last; a runtime error for an address the server cannot
  ///   listen on (a port in use, a host that does not resolve).
  @MainActor
  public static func run(arguments: [String], printUsage: () -> Void) async throws(CommandError) {
    var arguments = arguments
    let databaseOption = try CommandError.usageOnFailure { try UsersDatabasePath.takeOption(from: &arguments) }
    var host = "127.0.0.1"
    var port: UInt16?
    var recordDirectory: String?
    var postgresFlag: String?
    var postgresConnections: Int?
    while !arguments.isEmpty {
      let flag = arguments.removeFirst()
      switch flag {
      case "--port", "--host", "--record-dir", "--postgres", "--postgres-connections":
        guard !arguments.isEmpty else { throw CommandError.usage("\(flag) needs a value") }
        let value = arguments.removeFirst()
        switch flag {
        case "--port":
          guard let number = UInt16(value) else {
            throw CommandError.usage("--port: expected a number from 0 to 65535, got '\(value)'")
          }
          port = number
        case "--host":
          host = value
        case "--postgres":
          postgresFlag = value
        case "--postgres-connections":
          guard let number = Int(value), (1...64).contains(number) else {
            throw CommandError.usage("--postgres-connections: expected a number from 1 to 64, got '\(value)'")
          }
          postgresConnections = number
        default:
          recordDirectory = value
        }
      case "--help", "-h":
        printUsage()
        return
      default:
        throw CommandError.usage("unknown option '\(flag)'")
      }
    }
    guard let port else { throw CommandError.usage("serve needs --port (0 for any free port)") }
    // A flag wins over the environment: `--database` with BRAID_POSTGRES_URL set means SQLite.
    let environmentURL = ProcessInfo.processInfo.environment["BRAID_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    var directory: UserDirectory
    if let postgresURL = postgresFlag ?? (databaseOption == nil ? environmentURL : nil) {
      guard databaseOption == nil else { throw .usage("--database and --postgres: choose one user directory") }
      guard !postgresURL.isEmpty else { throw .usage("--postgres needs a connection URL") }
      // Checked before listening: a server that cannot use its database says so at once,
      // rather than leaving its clients (behind a load balancer, its share of them) to find out.
      let answering: Bool
      switch await PostgresStartCheck.check(url: postgresURL) {
      case .malformed(let problem):
        throw .usage("--postgres: not a connection URL libpq can use: \(problem)")
      case .unreachable(let problem):
        log("the user directory is unreachable: \(problem); serving anyway, its clients hear it is unavailable")
        answering = false
      case .reachable:
        answering = true
      }
      directory = UserDirectory.postgres(url: postgresURL, connections: postgresConnections ?? 4)
        .loggingAvailability(answering: answering, log: log)
    } else {
      guard postgresConnections == nil else {
        throw .usage("--postgres-connections goes with --postgres: the SQLite directory has no pool")
      }
      let database: UsersDatabasePath
      do {
        database = try UsersDatabasePath.resolve(option: databaseOption)
      } catch {
        throw CommandError.usage(error.message)
      }
      if let warning = database.permissionWarning { SignUpCommand.warn(warning) }
      directory = .live(path: database.path)
    }
    let faulty: UserDirectory
    do {
      faulty = try ServeFaultPoint.apply(ProcessInfo.processInfo.environment[ServeFaultPoint.variable], to: directory)
    } catch {
      throw .usage(error.message)
    }
    let recordings: ConnectionRecordings?
    do {
      recordings = try recordDirectory.map { directory throws(TraceError) in
        try ConnectionRecordings(directory: directory)
      }
    } catch {
      throw .usage("--record-dir: \(error)")
    }
    let server = SignUpServer(directory: faulty, recordings: recordings, log: log)
    let bound: UInt16
    do {
      bound = try server.start(host: host, port: port)
    } catch {
      throw .runtime("serve: \(error)")
    }
    // Written straight to the descriptor: `print` to a pipe is buffered, and a client script
    // waits for this line.
    FileHandle.standardOutput.write(Data("braid-demo serve: listening on \(host) port \(bound)\n".utf8))
    await untilInterrupted()
    FileHandle.standardError.write(Data("braid-demo serve: stopping\n".utf8))
    await server.stop()
  }

  /// Writes `line` to the server's log, standard error.
  @Sendable private static func log(_ line: String) {
    FileHandle.standardError.write(Data("braid-demo serve: \(line)\n".utf8))
  }

  /// Returns when the process receives SIGINT or SIGTERM; later ones are then ignored, so that
  /// the server's stop (completing the sign-ups in flight) is not cut short.
  private static func untilInterrupted() async {
    _ = await TerminationSignals.run {
      // Sleeps until the signal cancels it.
      while !Task.isCancelled { try? await Task.sleep(for: .seconds(3_600)) }
    }
    TerminationSignals.ignoreFromNowOn()
  }
}
