import Braid

/// A thread-safe counter and log for effects to write to from any thread.
package final class Recorder<Value: Sendable>: Sendable {
  private let storage = SanitizerVisibleMutex<[Value]>([])
  /// The number of values, to wait on.
  private let appended = ResourceCount()

  package init() {}

  package func append(_ value: Value) {
    storage.withLock { $0.append(value) }
    appended.opened()
  }

  package var values: [Value] { storage.withLock { $0 } }
  package var count: Int { storage.withLock { $0.count } }

  /// Waits until at least `count` values have been appended: resumed by the append itself.
  ///
  /// - Returns: Whether they were (`false` after ten seconds, which only a wrong test reaches).
  @discardableResult
  package func waitForCount(_ count: Int) async -> Bool {
    await appended.until { $0 >= count }
  }
}
