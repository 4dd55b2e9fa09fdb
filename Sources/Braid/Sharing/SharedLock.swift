#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lock of one shared value: a `pthread_mutex_t` locked and unlocked around plain code.
///
/// `Mutex.withLock` takes a closure whose argument and result are `sending`: a generic caller
/// then pays for copies and for the runtime's look-up of a tuple's type on every mutation (1 µs
/// against 90 ns, counted in `braid-count shared-write`). Locking around the code instead keeps
/// a mutation a few dozen instructions. ThreadSanitizer sees pthread mutexes.
final class SharedLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init() {
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Takes the lock; ``unlock()`` must follow on the same thread.
  @inline(__always)
  func lock() {
    pthread_mutex_lock(mutex)
  }

  /// Lets the lock go.
  @inline(__always)
  func unlock() {
    pthread_mutex_unlock(mutex)
  }
}
