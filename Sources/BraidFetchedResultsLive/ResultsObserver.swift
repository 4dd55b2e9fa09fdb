import Braid
import BraidFetchedResults
import Foundation

/// One running observer: its request, its last snapshot, and the loop that fetches again when
/// the database may have changed.
///
/// The loop waits for wake-ups (the file watcher, the backstop timer on the injected clock, a
/// command), then reads `PRAGMA data_version` and fetches only if another connection committed
/// (or a command asked). One fetch runs at a time; wake-ups that arrive meanwhile fold into one,
/// so a burst of commits costs a fetch or two, and the version read before each fetch means no
/// commit is missed between fetches.
final class ResultsObserver<Element: Identifiable & Equatable & Sendable>: Sendable where Element.ID: Sendable {
  private struct State {
    var request: FetchRequest<Element>
    /// Fetch even if the data version did not change (a refetch or a new request).
    var mustFetch = true
    /// The backstop timer fired since the last check: a lock still held now is reported.
    var timerFired = false
    var task: Task<Void, Never>?
    var isStopped = false
  }

  private let path: String
  private let subscriber: EffectSubscriber<FetchedResultsEvent<Element>>
  private let clock: any Clock<Duration>
  private let backstop: Duration
  private let state: SanitizerVisibleMutex<State>
  private let wakes: AsyncStream<Void>
  private let wakeUp: AsyncStream<Void>.Continuation

  /// The longest wait before looking again for a commit being published.
  static var longestSettlingDelay: Duration { .milliseconds(64) }

  /// How long after a file notification a commit is looked for before leaving it to the
  /// backstop: a writer descheduled between its log write and its index update (a busy machine)
  /// publishes late.
  static var settlingWindow: Duration { .seconds(1) }

  init(
    path: String,
    request: FetchRequest<Element>,
    subscriber: EffectSubscriber<FetchedResultsEvent<Element>>,
    clock: any Clock<Duration>,
    backstop: Duration
  ) {
    self.path = path
    self.subscriber = subscriber
    self.clock = clock
    self.backstop = backstop
    self.state = SanitizerVisibleMutex(State(request: request))
    (wakes, wakeUp) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
  }

  /// Starts the loop.
  func start() {
    let task = Task { [self] in await run() }
    let stopped = state.withLock { state -> Bool in
      if !state.isStopped { state.task = task }
      return state.isStopped
    }
    if stopped { task.cancel() }
  }

  /// Stops the loop; it closes its connection and watcher as it ends.
  func stop() {
    let task = state.withLock { state -> Task<Void, Never>? in
      state.isStopped = true
      return state.task
    }
    task?.cancel()
    wakeUp.finish()
  }

  /// Fetches again now.
  func refetch() {
    state.withLock { $0.mustFetch = true }
    wakeUp.yield()
  }

  /// Replaces the request and fetches with it.
  func update(_ request: FetchRequest<Element>) {
    state.withLock {
      $0.request = request
      $0.mustFetch = true
    }
    wakeUp.yield()
  }

  private func run() async {
    let wakeUp = self.wakeUp
    let watcher = DatabaseFileWatcher(path: path) { wakeUp.yield() }
    let backstopTask = Task { [clock, backstop] in
      while !Task.isCancelled {
        do { try await clock.sleep(for: backstop) } catch { return }
        self.state.withLock { $0.timerFired = true }
        wakeUp.yield()
      }
    }
    var fetcher = ObserverFetcher<Element>(path: path)
    // The first check reports a lock at once: there is no earlier snapshot to keep showing.
    defer {
      backstopTask.cancel()
      watcher?.stop()
      fetcher.close()
    }
    var first = takeRequest()
    first.reportsLocks = true
    deliver(fetcher.check(taking: first))
    for await _ in wakes {
      guard !Task.isCancelled else { break }
      var events = fetcher.check(taking: takeRequest())
      // In WAL mode the file notification comes from the log write, a moment before the commit
      // is published in the shared index (written through memory, which inotify does not see):
      // when a wake-up finds nothing new, look again after 0.125, 0.25, 0.5… 64 ms, then every
      // 64 ms, on the clock, for up to a second.
      var delay = Duration.microseconds(125)
      var waited = Duration.zero
      while events.isEmpty, fetcher.isWaitingForCommit, waited < Self.settlingWindow {
        do { try await clock.sleep(for: delay) } catch { break }
        waited += delay
        events = fetcher.check(taking: takeRequest())
        delay = min(delay * 2, Self.longestSettlingDelay)
      }
      deliver(events)
    }
  }

  /// The request, whether a fetch is due whatever the data version says, and whether a lock
  /// should be reported.
  private func takeRequest() -> ObserverFetcher<Element>.Input {
    state.withLock { state in
      defer {
        state.mustFetch = false
        state.timerFired = false
      }
      return ObserverFetcher<Element>.Input(
        request: state.request, force: state.mustFetch, reportsLocks: state.timerFired)
    }
  }

  private func deliver(_ events: [FetchedResultsEvent<Element>]) {
    guard !Task.isCancelled, !state.withLock({ $0.isStopped }) else { return }
    for event in events { subscriber.send(event) }
  }
}
