import Braid
import BraidPOSIX
import BraidTrace
import SignUpFeature
import UserDirectoryClient

/// `braid-demo serve`: the sign-up form as a line-based TCP service. Each connection gets a
/// sign-up store of its own, on its own ``StoreActor``, all sharing one user directory; a
/// client sends the event lines of `signup --script` and receives a JSON line per state change
/// (``ServeOutput``).
///
/// Two parts, apart: the transport (`Transport/`: ``LineServer`` and its connections, which
/// hold the sockets, their threads, the limits, back-pressure and the descriptor limit) and the
/// session (`Session/`: ``SignUpSession``, the store per connection, its line protocol and its
/// JSON replies).
public final class SignUpServer: Sendable {
  /// Bounds on what one client may make the server hold.
  public typealias Limits = ServerLimits

  private let server: LineServer

  /// A server that signs users up in `directory`.
  ///
  /// - Parameters:
  ///   - directory: The user directory every connection shares.
  ///   - clock: The clock of `wait` lines, of the form's debounce and of the idle timeout.
  ///   - limits: What one client may make the server hold.
  ///   - recordings: Where each connection's session is recorded, if anywhere.
  ///   - log: Receives the server's log lines (never a password).
  public init(
    directory: UserDirectory,
    clock: any Clock<Duration> = ContinuousClock(),
    limits: Limits = Limits(),
    recordings: ConnectionRecordings? = nil,
    log: @escaping @Sendable (String) -> Void
  ) {
    let session = SignUpSession(directory: directory, clock: clock)
    server = LineServer(clock: clock, limits: limits, log: log) { id in
      var recorder: TraceRecorder<SignUpForm.State, SignUpForm.Action>?
      do {
        recorder = try recordings?.recorder(for: id)
      } catch {
        // The session is served all the same; only its recording is missing, and the log says so.
        log("connection \(id): not recorded: \(error)")
      }
      return { [recorder] channel in await session.run(channel, recorder: recorder) }
    }
  }

  /// Why the server could not start.
  public struct StartError: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// The message.
    public var description: String { message }
  }

  /// Listens on `host` and `port` (0 for one the system chooses) and starts accepting clients.
  ///
  /// - Returns: The port it listens on.
  public func start(host: String = "127.0.0.1", port: UInt16) throws(StartError) -> UInt16 {
    do {
      return try server.start(host: host, port: port)
    } catch {
      throw StartError(message: error.message)
    }
  }

  /// The number of open connections.
  public var connectionCount: Int { server.connectionCount }

  /// Stops accepting, ends every connection, and returns once all are closed.
  ///
  /// Each connection stops taking lines and its `wait` ends at once; a sign-up in flight
  /// completes, and its outcome is sent to its client before the connection closes.
  public func stop() async {
    await server.stop()
  }
}
