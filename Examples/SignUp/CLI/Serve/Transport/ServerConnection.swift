import Braid
import BraidPOSIX
import Synchronization

/// One client of a ``LineServer``: its socket, read through the server's event loop and written
/// by a thread of its own, and the session that its lines drive, through a ``LineChannel``.
///
/// The connection ends in one of three ways:
/// - The client closes its sending side: lines already received still run, and the session
///   ends when it has handled them. The connection answers with the last state line again; a
///   client that has gone altogether resets the connection in return, and is then treated as
///   gone (below).
/// - The client is gone (the socket reset, or its output cannot be written): lines not yet
///   handled are dropped and a session's wait ends at once; what the session still does (a
///   sign-up in flight completing) runs to its end.
/// - The server ends it (it is stopping, or no line came for ``ServerLimits/idleTimeout``):
///   lines not yet handled are dropped and a wait ends at once; what the session writes until
///   it ends is sent before the socket closes.
/// The socket is closed once the reader, the writer and the session have all ended.
final class ServerConnection: Sendable {
  /// The connection's number, for logs.
  let id: Int
  private let reader: ConnectionReader
  let writer: ConnectionWriter
  private let lifetime: ConnectionLifetime
  let idleTimeout: Duration
  let log: @Sendable (String) -> Void
  private let isGone = Atomic<Bool>(false)
  /// The session's running wait, cancelled when the client is gone.
  private let currentWait = SanitizerVisibleMutex<Task<Void, Never>?>(nil)

  init(
    id: Int,
    descriptor: Int32,
    limits: ServerLimits,
    loop: EventLoop,
    log: @escaping @Sendable (String) -> Void,
    onClosed: @escaping @Sendable (Int) -> Void
  ) {
    self.id = id
    self.log = log
    idleTimeout = limits.idleTimeout
    let lifetime = ConnectionLifetime(descriptor: descriptor) { onClosed(id) }
    self.lifetime = lifetime
    let gone = GoneSignal()
    let writer = ConnectionWriter(
      descriptor: descriptor,
      limit: limits.pendingOutput,
      onFailure: { reason in
        log("connection \(id): closing: \(reason)")
        gone.fire()
      },
      onStopped: { lifetime.partEnded(.writer) }
    )
    self.writer = writer
    reader = ConnectionReader(
      descriptor: descriptor,
      lineLimit: limits.lineLength,
      loop: loop,
      events: ConnectionReader.Events(
        // Written to find out whether anyone still reads: a client that closed altogether
        // answers it with a reset, which the reader hears as a hang-up.
        endOfInput: { writer.writeLastStateAgain() },
        hangUp: {
          // After the connection's own shutdown the hang-up is its echo, not news.
          if !lifetime.hasShutDown { log("connection \(id): the client is gone; closing") }
          gone.fire()
        },
        stopped: { lifetime.partEnded(.reader) }
      )
    )
    gone.connect { [weak self] in self?.clientGone() }
  }

  /// Runs `session` on the connection's lines until it returns, then writes what it queued and
  /// lets the socket close once the reader is done too.
  func run(clock: any Clock<Duration>, _ session: (LineChannel) async -> Void) async {
    await session(LineChannel(connection: self, clock: clock))
    writer.finish()
    lifetime.partEnded(.session)
  }

  /// Ends the connection from the server's side (the server is stopping): lines not yet
  /// handled are dropped and a wait ends at once; what the session writes until it ends is
  /// sent before the socket closes.
  func shutDown() {
    endInput()
  }

  /// Stops taking lines, keeping the output open.
  func endInput() {
    isGone.store(true, ordering: .releasing)
    reader.stop()
    currentWait.withLock { $0?.cancel() }
    lifetime.shutDownInput()
  }

  /// Whether lines are no longer taken (the client is gone, or the server ended the input).
  var hasEndedInput: Bool { isGone.load(ordering: .acquiring) }

  /// The lines the client sends, in order; finishes when the input ends.
  var lines: AsyncStream<LineFramer.Line> { reader.lines }

  /// Says the last line has been handled, making room for the next.
  func handled() {
    reader.handled()
  }

  /// The longest line, in bytes.
  var lineLimit: Int { reader.lineLimit }

  /// Waits for `duration` on `clock`, or until the input ends.
  func wait(for duration: Duration, on clock: any Clock<Duration>) async {
    let wait = Task { _ = try? await clock.sleep(for: duration) }
    currentWait.withLock { $0 = wait }
    if hasEndedInput { wait.cancel() }
    await wait.value
    currentWait.withLock { $0 = nil }
  }

  /// The client is gone: nothing more can be read or written.
  private func clientGone() {
    endInput()
    lifetime.shutDown()
  }
}
