import Braid
import BraidPOSIX
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A line-based TCP server, knowing nothing of what its sessions do: it accepts clients on a
/// thread of its own, reads every connection's socket through one ``EventLoop``
/// (``ConnectionReader``) and writes each from a thread of its own (``ConnectionWriter``), so
/// no client can hold up another, and runs a session per connection on the lines it reads,
/// within ``ServerLimits``. At the descriptor
/// limit it turns clients away rather than leave them waiting, and accepts again once
/// connections close.
final class LineServer: Sendable {
  /// A connection's session: given its channel, runs until the input ends.
  typealias Session = @Sendable (_ channel: LineChannel) async -> Void

  private struct State {
    var listener: Int32?
    /// Reads every connection's socket, from ``LineServer/start(host:port:)`` on.
    var loop: EventLoop?
    var connections: [Int: ServerConnection] = [:]
    var nextID = 0
    var isStopped = false
    /// Callers of ``LineServer/stop()`` waiting for the last connection and the accept loop.
    var stopWaiters: [CheckedContinuation<Void, Never>] = []

    /// Whether a stopped server has nothing left running.
    var isDone: Bool { isStopped && listener == nil && connections.isEmpty }

    /// The waiters to resume, once the server is done; the loop stops then too.
    mutating func takeWaitersIfDone() -> [CheckedContinuation<Void, Never>] {
      guard isDone else { return [] }
      loop?.stop()
      loop = nil
      defer { stopWaiters = [] }
      return stopWaiters
    }
  }

  private let clock: any Clock<Duration>
  private let limits: ServerLimits
  private let log: @Sendable (String) -> Void
  private let session: @Sendable (_ id: Int) -> Session
  private let state = SanitizerVisibleMutex(State())
  /// Signalled when a connection closes or the server stops: an accept loop out of descriptors
  /// waits for it (on its own thread).
  private let closings = DispatchSemaphore(value: 0)

  /// A server whose connection number `id` runs `session(id)`.
  ///
  /// - Parameters:
  ///   - clock: The clock of the idle timeout and of a session's waits.
  ///   - limits: What one client may make the server hold.
  ///   - log: Receives the server's log lines.
  ///   - session: Makes each connection's session, given its number.
  init(
    clock: any Clock<Duration>, limits: ServerLimits, log: @escaping @Sendable (String) -> Void,
    session: @escaping @Sendable (_ id: Int) -> Session
  ) {
    self.clock = clock
    self.limits = limits
    self.log = log
    self.session = session
  }

  /// Listens on `host` and `port` (0 for one the system chooses) and starts accepting clients.
  ///
  /// - Returns: The port it listens on.
  func start(host: String, port: UInt16) throws(TCPListener.ListenError) -> UInt16 {
    let socket = try TCPListener(host: host, port: port)
    let loop: EventLoop
    do {
      loop = try EventLoop()
    } catch {
      throw TCPListener.ListenError(message: "cannot start the event loop: \(error)")
    }
    state.withLock {
      $0.listener = socket.descriptor
      $0.loop = loop
    }
    let thread = Thread { [self] in acceptLoop(socket) }
    thread.stackSize = 256 * 1024
    thread.start()
    return socket.port
  }

  /// The number of open connections.
  var connectionCount: Int {
    state.withLock { $0.connections.count }
  }

  /// Stops accepting, ends every connection's input, and returns once all are closed.
  func stop() async {
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
        log("accept failed: \(SystemError(code: error))")
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
    guard let loop = state.withLock(\.loop) else {
      close(descriptor)
      return
    }
    let connection = ServerConnection(id: id, descriptor: descriptor, limits: limits, loop: loop, log: log) {
      [weak self] id in self?.closed(id)
    }
    let isStopped = state.withLock { state in
      if !state.isStopped { state.connections[id] = connection }
      return state.isStopped
    }
    if isStopped { connection.shutDown() }
    let session = session(id)
    let clock = self.clock
    Task { await connection.run(clock: clock, session) }
  }

  private func closed(_ id: Int) {
    state.withLock { _ = $0.connections.removeValue(forKey: id) }
    closings.signal()
    resumeStopWaitersIfDone()
  }
}
