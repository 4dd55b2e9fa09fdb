import Braid
import BraidPOSIX
import BraidRecording
import Dispatch
import Foundation
import SignUpFeature
import Synchronization
import UserDirectoryClient

/// `braid-demo serve`: the sign-up form as a line-based TCP service. Each connection gets a
/// sign-up store of its own, on its own ``StoreActor``, all sharing one user directory; a
/// client sends the event lines of `signup --script` and receives a JSON line per state change
/// (``ServeOutput``).
///
/// Connections are accepted by a thread of the server's own; each one's input and output are
/// read and written by threads of its own (``ConnectionReader``, ``ConnectionWriter``), so no
/// client can hold up another or the server's stores.
public final class SignUpServer: Sendable {
  /// Bounds on what one client may make the server hold.
  public struct Limits: Sendable {
    /// The longest line, in bytes; a longer one is answered with an error and skipped.
    public var lineLength = 4_096
    /// The most output that may wait for a client to read it; past it, the client is
    /// disconnected.
    public var pendingOutput = 256 * 1_024
    /// How long one write may wait for a client to take its output before the client is
    /// disconnected.
    public var sendTimeout = Duration.seconds(10)
    /// The kernel's send buffer for each connection, in bytes (Linux doubles it): with
    /// ``pendingOutput`` it bounds what a client that does not read makes the server hold.
    /// Left to itself the kernel grows it to megabytes per connection.
    public var socketSendBuffer: Int32 = 64 * 1_024
    /// How long a connection may go without sending a line, on the server's clock, while the
    /// server waits for one (a running `wait` does not count): then the client is told so and
    /// the connection closes. Five minutes.
    public var idleTimeout = Duration.seconds(300)

    /// The defaults.
    public init() {}
  }

  private struct State {
    var listener: Int32?
    var connections: [Int: ServerConnection] = [:]
    var nextID = 0
    var isStopped = false
    /// Callers of ``SignUpServer/stop()`` waiting for the last connection and the accept loop.
    var stopWaiters: [CheckedContinuation<Void, Never>] = []

    /// Whether a stopped server has nothing left running.
    var isDone: Bool { isStopped && listener == nil && connections.isEmpty }

    /// The waiters to resume, once the server is done.
    mutating func takeWaitersIfDone() -> [CheckedContinuation<Void, Never>] {
      guard isDone else { return [] }
      defer { stopWaiters = [] }
      return stopWaiters
    }
  }

  private let directory: UserDirectory
  private let clock: any Clock<Duration>
  private let limits: Limits
  private let log: @Sendable (String) -> Void
  private let recordings: ConnectionRecordings?
  private let state = SanitizerVisibleMutex(State())
  /// Signalled when a connection closes or the server stops: an accept loop out of descriptors
  /// waits for it (on its own thread).
  private let closings = DispatchSemaphore(value: 0)

  /// A server that signs users up in `directory`.
  ///
  /// - Parameters:
  ///   - directory: The user directory every connection shares.
  ///   - clock: The clock of `wait` lines and of the form's debounce.
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
    self.recordings = recordings
    self.directory = directory
    self.clock = clock
    self.limits = limits
    self.log = log
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
    let socket: TCPListener
    do {
      socket = try TCPListener(host: host, port: port)
    } catch {
      throw StartError(message: error.message)
    }
    let bound = socket.port
    state.withLock { $0.listener = socket.descriptor }
    let thread = Thread { [self] in acceptLoop(socket) }
    thread.stackSize = 256 * 1024
    thread.start()
    return bound
  }

  /// The number of open connections.
  public var connectionCount: Int {
    state.withLock { $0.connections.count }
  }

  /// Stops accepting, ends every connection, and returns once all are closed.
  ///
  /// Each connection stops taking lines and its `wait` ends at once; a sign-up in flight
  /// completes, and its outcome is sent to its client before the connection closes.
  public func stop() async {
    let (listener, connections) = state.withLock { state in
      state.isStopped = true
      return (state.listener, Array(state.connections.values))
    }
    log("stopping: finishing \(connections.count) connection(s)")
    if let listener { shutdown(listener, Int32(SHUT_RDWR)) }
    closings.signal()
    for connection in connections { connection.shutDown() }
    await withCheckedContinuation { continuation in
      let isDone = state.withLock { state in
        if state.isDone { return true }
        state.stopWaiters.append(continuation)
        return false
      }
      if isDone { continuation.resume() }
    }
  }

  /// Resumes the callers of ``stop()`` once nothing is left running.
  private func resumeStopWaitersIfDone() {
    for waiter in state.withLock({ $0.takeWaitersIfDone() }) { waiter.resume() }
  }

  private func acceptLoop(_ socket: TCPListener) {
    var refusing = false
    defer {
      state.withLock { $0.listener = nil }
      resumeStopWaitersIfDone()
    }
    while !state.withLock({ $0.isStopped }) {
      switch socket.accept(sendTimeout: limits.sendTimeout, sendBuffer: limits.socketSendBuffer) {
      case .client(let descriptor):
        if refusing {
          refusing = false
          log("accepting connections again (\(connectionCount) open)")
        }
        open(descriptor)
      case .refusedForDescriptors:
        if !refusing { logOutOfDescriptors() }
        refusing = true
      case .outOfDescriptors:
        if !refusing { logOutOfDescriptors() }
        refusing = true
        // Nothing to turn the client away with: wait until a connection closes.
        closings.wait()
      case .closed:
        return
      case .failed(let error):
        log("accept failed: \(String(cString: strerror(error)))")
      }
    }
  }

  private func logOutOfDescriptors() {
    log("out of file descriptors with \(connectionCount) connections open: refusing new connections until some close")
  }

  private func open(_ descriptor: Int32) {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    let connection = ServerConnection(id: id, descriptor: descriptor, limits: limits, log: log) { [weak self] id in
      self?.closed(id)
    }
    let isStopped = state.withLock { state in
      if !state.isStopped { state.connections[id] = connection }
      return state.isStopped
    }
    if isStopped { connection.shutDown() }
    let directory = self.directory
    let clock = self.clock
    var recorder: TraceRecorder<SignUpForm.State, SignUpForm.Action>?
    do {
      recorder = try recordings?.recorder(for: id)
    } catch {
      // The session is served all the same; only its recording is missing, and the log says so.
      log("connection \(id): not recorded: \(error)")
    }
    Task { [recorder] in await connection.run(directory: directory, clock: clock, recorder: recorder) }
  }

  private func closed(_ id: Int) {
    state.withLock { _ = $0.connections.removeValue(forKey: id) }
    closings.signal()
    resumeStopWaitersIfDone()
  }
}
