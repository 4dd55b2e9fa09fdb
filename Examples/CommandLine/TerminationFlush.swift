import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a last piece of work — closing a trace so that nothing it holds is lost — when the process
/// is told to stop with SIGINT or SIGTERM, then ends the process by that signal as it would have
/// ended without it (its exit status says which signal).
///
/// The signal handler only writes the signal's number to a pipe (all a handler may safely do); a
/// thread of its own reads it and does the work. A dispatch signal source was not enough: with
/// the main thread blocked reading standard input, its handler never ran
/// (`RecordingStoppedBySignalProcessTests`).
public final class TerminationFlush: Sendable {
  /// Starts watching: `flush` runs once, on a thread of its own, when the first SIGINT or SIGTERM
  /// arrives, and the signal is then raised again with its default action. One watch per process.
  ///
  /// - Parameter flush: The work.
  public init(_ flush: @escaping @Sendable () -> Void) {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { return }
    terminationPipeWriter = descriptors[1]
    let reader = descriptors[0]
    let thread = Thread {
      // A process started by another can inherit these signals blocked (a test runner's
      // `Process` does): unblocked on this thread, they are delivered here at least.
      var signals = sigset_t()
      sigemptyset(&signals)
      sigaddset(&signals, SIGINT)
      sigaddset(&signals, SIGTERM)
      pthread_sigmask(SIG_UNBLOCK, &signals, nil)
      var number: Int32 = 0
      while read(reader, &number, MemoryLayout<Int32>.size) < 0, errno == EINTR {}
      flush()
      signal(number, SIG_DFL)
      raise(number)
    }
    thread.start()
    for number in [SIGINT, SIGTERM] {
      signal(number) { number in
        var number = number
        _ = write(terminationPipeWriter, &number, MemoryLayout<Int32>.size)
      }
    }
  }

  /// Stops watching: the signals end the process at once again.
  public func cancel() {
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }
}

/// Where the signal handler writes; set once, before the handler is installed.
nonisolated(unsafe) private var terminationPipeWriter: Int32 = -1
