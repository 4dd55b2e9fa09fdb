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
  /// - Parameters:
  ///   - count: The number of values to wait for.
  ///   - timeout: The longest wait (a minute, which only a wrong test reaches, by default).
  /// - Returns: Whether they were appended in time.
  @discardableResult
  package func waitForCount(_ count: Int, timeout: Duration = .seconds(60)) async -> Bool {
    await appended.until(timeout: timeout) { $0 >= count }
  }
}
