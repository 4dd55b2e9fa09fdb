import Synchronization

/// The storage of one shared value: what every ``Shared`` made from the same key, or copied
/// from the same `Shared`, reads and mutates.
///
/// Mutations take its lock; each one is announced to the observers (``Shared/changes``) after
/// the lock is let go. Reads and mutations made while a test store checks an assertion go to
/// that assertion's values instead (``SharedAssertionValues``), never to the live value.
final class SharedReference<Value: Sendable>: @unchecked Sendable {
  private let lock = SharedLock()
  /// Orders the deliveries of new values to the observers and the key: each delivery reads the
  /// value under it, so the last one always holds the newest value.
  private let deliveryLock = SharedLock()
  /// The value; read and written only under `lock`, which also keeps accesses from overlapping.
  @exclusivity(unchecked) private var current: Value
  private let observers = SanitizerVisibleMutex(Observers())
  /// How many streams observe the value: a mutation with none to tell copies nothing out.
  private let observerCount = Atomic<Int>(0)
  /// Told of each mutation's result: the key's save.
  private let onMutation: @Sendable (Value) -> Void
  /// Whether there is a key to tell: not for a value made with `Shared(value:)`.
  private let savesMutations: Bool
  /// Waits until the saves so far are stored for good: the key's flush.
  private let flushSaves: @Sendable () async throws -> Void

  /// The continuations of the streams that observe the value, by token.
  private struct Observers {
    var next = 0
    var continuations: [Int: AsyncStream<Value>.Continuation] = [:]
  }

  /// A reference holding `value`, telling `onMutation` of each mutation's result; `flush`
  /// waits for what it saved.
  init(
    _ value: sending Value, onMutation: (@Sendable (Value) -> Void)? = nil,
    flush: @escaping @Sendable () async throws -> Void = {}
  ) {
    current = value
    self.onMutation = onMutation ?? { _ in }
    savesMutations = onMutation != nil
    self.flushSaves = flush
  }

  /// Waits until the saves so far are stored for good.
  func flush() async throws {
    try await flushSaves()
  }

  /// The identity the assertion values and the test store's snapshots know it by.
  var id: ObjectIdentifier { ObjectIdentifier(self) }

  /// The live value, under the lock.
  private var live: Value {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  /// The value now (or as the assertion being checked has it).
  func read() -> Value {
    SharedAssertionValues.isActive ? readDuringAssertion() : live
  }

  /// Runs `body` on the value under the lock, then announces the new value (or, while a test
  /// store checks an assertion, runs it on the assertion's copy).
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    SharedAssertionValues.isActive ? try withLockDuringAssertion(body) : try withLiveLock(body)
  }

  // The assertion paths are functions of their own: their optionals would otherwise make every
  // read and mutation look up `Optional<Value>`'s metadata (400 instructions, counted).

  @inline(never)
  private func readDuringAssertion() -> Value {
    SharedAssertionValues.value(of: id, as: Value.self) ?? live
  }

  @inline(never)
  private func withLockDuringAssertion<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    if let result = try SharedAssertionValues.mutate(id, as: Value.self, current: { live }, body) { return result }
    return try withLiveLock(body)
  }

  /// Runs `body` on the live value under the lock, then tells the observers and the key.
  private func withLiveLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    let result: Result
    do {
      lock.lock()
      defer { lock.unlock() }
      result = try body(&current)
    }
    guard savesMutations || observerCount.load(ordering: .acquiring) > 0 else { return result }
    deliver(saving: savesMutations)
    return result
  }

  /// Sets the value without running a mutation: a change that came from outside (another
  /// process, through a key's subscription), announced like any other but not saved back.
  func replace(with newValue: Value) {
    lock.lock()
    current = newValue
    lock.unlock()
    deliver(saving: false)
  }

  /// Gives the value as it is now to the observers and, when `saving`, to the key.
  ///
  /// Deliveries take turns, and each reads the value in its turn: when two threads mutate at
  /// once, the last delivery holds the newer value, so neither the last save nor the newest
  /// value a `changes` stream holds can be the older one. The key's save runs outside the
  /// value's lock, so it may read the value.
  private func deliver(saving: Bool) {
    deliveryLock.lock()
    defer { deliveryLock.unlock() }
    let changed = live
    announce(changed)
    if saving { onMutation(changed) }
  }

  /// The values after each mutation from now on, from any holder, until the stream's consumer
  /// stops.
  func changes() -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let token = observers.withLock { observers -> Int in
      observers.next += 1
      observers.continuations[observers.next] = continuation
      return observers.next
    }
    observerCount.add(1, ordering: .releasing)
    continuation.onTermination = { [weak self] _ in
      guard let self else { return }
      if observers.withLock({ $0.continuations.removeValue(forKey: token) }) != nil {
        observerCount.subtract(1, ordering: .releasing)
      }
    }
    return stream
  }

  private func announce(_ newValue: Value) {
    let continuations = observers.withLock { Array($0.continuations.values) }
    for continuation in continuations { continuation.yield(newValue) }
  }
}
