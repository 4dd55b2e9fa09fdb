import Braid
import BraidFetchedResults

extension FetchedResultsClient {
  /// A client on a SQLite database file: each `create` opens its own read connection and
  /// reports every commit to the file, from this connection's process or any other.
  ///
  /// ```swift
  /// prepareDependencies {
  ///   $0.users = .live(path: databasePath)
  /// }
  /// ```
  ///
  /// An observer learns that the database may have changed from inotify (the file, its `-wal`
  /// and its `-journal`) and, as a backstop, every `backstop` on `clock`; it then reads
  /// `PRAGMA data_version` and fetches only if another connection committed. WAL and
  /// rollback-journal databases both work. Failures (a missing table, a lock, a deleted file)
  /// arrive as `.failed` and never end the effect; the observer recovers when the cause goes away.
  /// Destroying the observer, cancelling its effect or releasing its store closes its
  /// connection and stops its watcher.
  ///
  /// - Parameters:
  ///   - path: The database file. It need not exist yet: the observer reports it missing and
  ///     starts reporting once it appears.
  ///   - clock: The clock of the backstop timer; pass a `TestClock` in tests.
  ///   - backstop: How often to check without a file notification.
  /// - Returns: The client.
  public static func live(
    path: String,
    clock: any Clock<Duration> = ContinuousClock(),
    backstop: Duration = .seconds(1)
  ) -> Self {
    let observers = EffectResources<ResultsObserver<Element>>()
    return Self(
      create: { id, request in
        .subscribe { subscriber in
          let observer = ResultsObserver(
            path: path, request: request, subscriber: subscriber, clock: clock, backstop: backstop)
          let entry = observers.insert(observer, for: id, subscriber: subscriber) { $0.stop() }
          observer.start()
          return entry
        }
        .cancellable(id: id, cancelInFlight: true)
      },
      destroy: { id in .cancel(id: id) },
      refetch: { id in observers.command(id) { $0.refetch() } },
      update: { id, request in observers.command(id) { $0.update(request) } }
    )
  }
}
