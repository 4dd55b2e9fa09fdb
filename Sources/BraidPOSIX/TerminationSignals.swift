import Braid
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT and SIGTERM as a program that must finish its work asks for them: as a request to stop,
/// heard by the work in progress, instead of an end in the middle of it.
///
/// ``run(grace:lastResort:_:)`` runs a piece of work; a SIGINT or SIGTERM meanwhile cancels it,
/// and once it has ended the caller learns which signal came, finishes up (closes a trace, stops
/// a server), and usually ends the process by that signal with ``endProcess(by:)``, so that its
/// exit status still says which signal stopped it. Outside a `run`, and at a second signal, the
/// signals end the process at once, as if they were not caught.
///
/// The signal handler only writes the signal's number to a pipe (all a handler may safely do);
/// a thread of its own reads it and acts. (A dispatch signal source was not enough: with the main
/// thread blocked reading standard input, its handler never ran.)
package enum TerminationSignals {
  /// The works running, each with what to do at a signal.
  private struct State {
    var isInstalled = false
    var nextID = 0
    var runs: [Int: @Sendable (Int32) -> Void] = [:]
    /// What must happen before a signal ends the process outside a run.
    var lastResorts: [Int: @Sendable () -> Void] = [:]
    /// The signal that is stopping the runs, once one came.
    var stopping: Int32?
  }

  private static let state = SanitizerVisibleMutex(State())

  /// Runs `body`; a SIGINT or SIGTERM meanwhile cancels it, and `run` returns once it has ended.
  ///
  /// - Parameters:
  ///   - grace: How long `body` has to end once cancelled. Past it, `lastResort` runs and the
  ///     process ends by the signal.
  ///   - lastResort: What must still happen if `body` does not end in time (write out what a
  ///     trace holds). It runs on the signal thread.
  ///   - body: The work. It must end when its task is cancelled.
  /// - Returns: What `body` returned, and the signal that stopped it, if one did.
  package static func run<Value: Sendable>(
    grace: Duration = .seconds(5),
    lastResort: @escaping @Sendable () -> Void = {},
    _ body: @escaping @Sendable () async -> Value
  ) async -> (value: Value, signal: Int32?) {
    install()
    let task = Task { await body() }
    let heard = SanitizerVisibleMutex<Int32?>(nil)
    let seconds = Double(grace.components.seconds) + Double(grace.components.attoseconds) / 1e18
    let id = state.withLock { state in
      state.nextID += 1
      let id = state.nextID
      state.runs[id] = { number in
        heard.withLock { $0 = number }
        task.cancel()
        Thread.detachNewThread {
          Thread.sleep(forTimeInterval: seconds)
          // Still running: the work did not end in time.
          guard Self.state.withLock({ $0.runs[id] != nil }) else { return }
          lastResort()
          endProcess(by: number)
        }
      }
      return id
    }
    let value = await task.value
    state.withLock { _ = $0.runs.removeValue(forKey: id) }
    return (value, heard.withLock { $0 })
  }

  /// Has `lastResort` run before a SIGINT or SIGTERM that comes outside ``run(grace:lastResort:_:)``
  /// ends the process (write out what a trace holds, before its session has started).
  ///
  /// - Parameter lastResort: The work; it runs on the signal thread.
  /// - Returns: A number for ``cancelLastResort(_:)``.
  package static func beforeEnding(_ lastResort: @escaping @Sendable () -> Void) -> Int {
    let id = state.withLock { state in
      state.nextID += 1
      state.lastResorts[state.nextID] = lastResort
      return state.nextID
    }
    install()
    return id
  }

  /// Removes a last resort ``beforeEnding(_:)`` added.
  package static func cancelLastResort(_ id: Int) {
    state.withLock { _ = $0.lastResorts.removeValue(forKey: id) }
  }

  /// Ends the process by `signal` with its default action: it ends as if the signal had never
  /// been caught, and its exit status says so.
  package static func endProcess(by signal: Int32) -> Never {
    // What `print` has buffered for a pipe would be lost with the process.
    fflush(nil)
    Glibc.signal(signal, SIG_DFL)
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, signal)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    raise(signal)
    // Not reached: the default action of SIGINT and SIGTERM ends the process.
    exit(128 + signal)
  }

  /// Ignores SIGINT and SIGTERM from now on, for a process that has heard one and is finishing
  /// work that must not be cut short (a server completing what is in flight).
  package static func ignoreFromNowOn() {
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_IGN)
  }

  /// Catches the signals, once per process: the handler writes to a pipe a thread reads.
  private static func install() {
    let wasInstalled = state.withLock { state in
      defer { state.isInstalled = true }
      return state.isInstalled
    }
    guard !wasInstalled else { return }
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { return }
    signalPipeWriter = descriptors[1]
    let reader = descriptors[0]
    let thread = Thread {
      // A process started by another can inherit these signals blocked (a test runner's
      // `Process` does): unblocked on this thread, they are delivered here at least.
      var signals = sigset_t()
      sigemptyset(&signals)
      sigaddset(&signals, SIGINT)
      sigaddset(&signals, SIGTERM)
      pthread_sigmask(SIG_UNBLOCK, &signals, nil)
      while true {
        var number: Int32 = 0
        let count = read(reader, &number, MemoryLayout<Int32>.size)
        if count < 0, errno == EINTR { continue }
        guard count == MemoryLayout<Int32>.size else { return }
        heard(number)
      }
    }
    thread.start()
    for number in [SIGINT, SIGTERM] {
      signal(number) { number in
        var number = number
        _ = write(signalPipeWriter, &number, MemoryLayout<Int32>.size)
      }
    }
  }

  /// A signal, on the signal thread: the runs stop, or the process ends.
  private static func heard(_ number: Int32) {
    let (runs, lastResorts) = state.withLock { state -> ([@Sendable (Int32) -> Void]?, [@Sendable () -> Void]) in
      // Nothing to stop, or a second signal while stopping: end now.
      guard !state.runs.isEmpty, state.stopping == nil else { return (nil, Array(state.lastResorts.values)) }
      state.stopping = number
      return (Array(state.runs.values), [])
    }
    guard let runs else {
      for lastResort in lastResorts { lastResort() }
      endProcess(by: number)
    }
    for stop in runs { stop(number) }
  }
}

/// Where the signal handler writes; set once, before the handler is installed.
nonisolated(unsafe) private var signalPipeWriter: Int32 = -1
