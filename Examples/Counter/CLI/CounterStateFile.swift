import Braid
import BraidSharedStorage
import CounterFeature
import Foundation

/// The interactive counter's count kept in a file through `@Shared(.fileStorage)`: a run starts
/// where the last one ended, and runs on one file see each other's counts.
@MainActor
package final class CounterStateFile {
  /// The file `--interactive` keeps its count in without `--state`.
  static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    let home =
      environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
    return "\(home)/.local/share/braid/counter.json"
  }

  @Shared package var count: Int
  private var token: ObservationToken?
  private var following: Task<Void, Never>?

  /// The count in the file at `path`, 0 when there is none.
  package init(path: String) {
    _count = Shared(wrappedValue: 0, .fileStorage(path))
  }

  /// Keeps the file and `store` in step until ``stop()``: the store's changes are saved, and
  /// changes another process saves are sent to the store.
  package func keep(_ store: Store<Counter.State, Counter.Action>) {
    let shared = $count
    token = store.observe(\.count, delivery: .changesOnly) { count in
      if shared.wrappedValue != count { shared.withLock { $0 = count } }
    }
    let changes = shared.changes
    following = Task { @MainActor [weak store] in
      // A change can be this process's own older count by the time it is read here (taps
      // that came in before this task ran): the store follows what the value holds now.
      for await _ in changes {
        let count = shared.wrappedValue
        guard let store, store.state.count != count else { continue }
        store.send(.countChangedElsewhere(count))
      }
    }
  }

  /// Stops following, and returns once the last count is on disk.
  ///
  /// - Throws: The error that kept the count from being saved.
  package func stop() async throws {
    token?.cancel()
    following?.cancel()
    try await $count.save()
  }
}
