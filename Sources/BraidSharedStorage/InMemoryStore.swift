import Braid
import Foundation

/// Contents by name, in memory, with watchers by group: the stand-in behind
/// ``FileStorage/inMemory(clock:)`` and ``SQLiteStorage/inMemory(clock:)``.
///
/// A save or a move calls the watchers of its group, as another process's write would.
final class InMemoryStore: Sendable {
  private struct State {
    var contents: [String: Data] = [:]
    var watchers: [String: [Int: @Sendable () -> Void]] = [:]
    var nextWatcher = 0
  }

  private let state = SanitizerVisibleMutex(State())

  /// The content under `name`, or `nil`.
  func load(_ name: String) -> Data? {
    state.withLock { $0.contents[name] }
  }

  /// Stores `data` under `name` and tells `group`'s watchers.
  func save(_ data: Data, _ name: String, group: String) {
    state.withLock { $0.contents[name] = data }
    notify(group)
  }

  /// Moves the content under `name` to `destination` and tells `group`'s watchers.
  func move(_ name: String, to destination: String, group: String) {
    state.withLock { state in
      state.contents[destination] = state.contents.removeValue(forKey: name)
    }
    notify(group)
  }

  /// Calls `onChange` after each save or move in `group`, until the subscription is cancelled.
  func watch(_ group: String, _ onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    let token = state.withLock { state -> Int in
      state.nextWatcher += 1
      state.watchers[group, default: [:]][state.nextWatcher] = onChange
      return state.nextWatcher
    }
    return SharedSubscription { [self] in
      state.withLock { _ = $0.watchers[group]?.removeValue(forKey: token) }
    }
  }

  private func notify(_ group: String) {
    for watcher in state.withLock({ Array(($0.watchers[group] ?? [:]).values) }) { watcher() }
  }
}
