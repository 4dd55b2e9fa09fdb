import Synchronization

/// A `Mutex` whose hand-offs between threads ThreadSanitizer can see.
///
/// On Linux a contended `Mutex` passes ownership inside the kernel (a priority-inheritance futex),
/// where ThreadSanitizer cannot observe it, so two critical sections on different threads are
/// reported as a data race although the lock orders them. Each critical section here also loads
/// an `Atomic` with acquire ordering on entry and increments it with release ordering on exit,
/// both inside the lock: the lock already guarantees that order, and the atomic shows it to the
/// sanitizer. The cost is one uncontended atomic operation pair per critical section.
package final class SanitizerVisibleMutex<Value>: Sendable {
  private let mutex: Mutex<Value>
  private let handoff = Atomic<UInt>(0)

  package init(_ initialValue: sending Value) {
    mutex = Mutex(initialValue)
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    try mutex.withLock { (value) throws(Failure) -> sending Result in
      _ = handoff.load(ordering: .acquiring)
      defer { handoff.add(1, ordering: .releasing) }
      return try body(&value)
    }
  }
}
