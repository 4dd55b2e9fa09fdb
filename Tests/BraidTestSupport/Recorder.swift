import Braid

/// A thread-safe counter and log for effects to write to from any thread.
package final class Recorder<Value: Sendable>: Sendable {
  private let storage = SanitizerVisibleMutex<[Value]>([])

  package init() {}

  package func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }

  package var values: [Value] { storage.withLock { $0 } }
  package var count: Int { storage.withLock { $0.count } }
}
