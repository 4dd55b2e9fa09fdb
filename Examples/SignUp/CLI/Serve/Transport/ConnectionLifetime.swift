import Braid
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Closes a connection's socket once its three parts (reader thread, writer thread, session)
/// have ended, and tells the server.
final class ConnectionLifetime: Sendable {
  private let descriptor: Int32
  /// The parts still running.
  private let running = SanitizerVisibleMutex<Set<Part>>([.reader, .writer, .session])
  private let isShutDown = Atomic<Bool>(false)

  /// The three parts of a connection.
  enum Part: Hashable {
    case reader, writer, session
  }
  private let onClosed: @Sendable () -> Void

  init(descriptor: Int32, onClosed: @escaping @Sendable () -> Void) {
    self.descriptor = descriptor
    self.onClosed = onClosed
  }

  func partEnded(_ part: Part) {
    let running = running.withLock { running in
      running.remove(part)
      return running
    }
    if running.isEmpty {
      close(descriptor)
      onClosed()
    } else if running == [.reader] {
      // The session and the writer are done, everything written: a reader still watching for
      // a hang-up is woken by the shutdown. Not before the writer is done: a stopping server
      // ends its readers first, and shutting the socket then lost the outcomes still queued
      // (SignUpServerLifetimeTests.aStoppingServerSendsTheOutcomeOfEverySignUpInFlight, 1 run
      // in 20 under load).
      shutDown()
    }
  }

  /// Whether ``shutDown()`` was called.
  var hasShutDown: Bool { isShutDown.load(ordering: .acquiring) }

  /// Shuts the socket's input down: a blocked read returns the end of input; output still goes.
  func shutDownInput() {
    guard !isShutDown.load(ordering: .acquiring) else { return }
    Glibc.shutdown(descriptor, Int32(SHUT_RD))
  }

  /// Shuts the socket down both ways, once: a blocked read returns the end of input, a blocked
  /// write fails, a reader watching for a hang-up wakes.
  func shutDown() {
    guard !isShutDown.exchange(true, ordering: .acquiringAndReleasing) else { return }
    Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
  }
}
