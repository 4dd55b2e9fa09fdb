import Synchronization

/// The storage of one shared value: what every ``Shared`` made from the same key, or copied
/// from the same `Shared`, reads and mutates.
///
/// Mutations take its lock; each one is announced to the observers (``Shared/changes``) after
/// the lock is let go. Reads and mutations made while a test store checks an assertion go to
/// that assertion's values instead (``SharedAssertionValues``), never to the live value.
final class SharedReference<Value: Sendable>: Sendable {
  private let value: SanitizerVisibleMutex<Value>
  private let observers = SanitizerVisibleMutex(Observers())
  /// Told of each mutation's result: the key's save.
  private let onMutation: (@Sendable (Value) -> Void)?
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
    self.value = SanitizerVisibleMutex(value)
    self.onMutation = onMutation
    self.flushSaves = flush
  }

  /// Waits until the saves so far are stored for good.
  func flush() async throws {
    try await flushSaves()
  }

  /// The identity the assertion values and the test store's snapshots know it by.
  var id: ObjectIdentifier { ObjectIdentifier(self) }

  /// The value now (or as the assertion being checked has it).
  func read() -> Value {
    if let asserted = SharedAssertionValues.value(of: id, as: Value.self) { return asserted }
    return value.withLock { $0 }
  }

  /// Runs `body` on the value under the lock, then announces the new value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    if let result = try SharedAssertionValues.mutate(id, as: Value.self, current: { value.withLock { $0 } }, body) {
      return result
    }
    let (result, changed): (Result, Value) = try value.withLock { (current: inout sending Value) in
      var copy = current
      let result = try body(&copy)
      current = copy
      return (result, copy)
    }
    announce(changed)
    onMutation?(changed)
    return result
  }

  /// Sets the value without running a mutation: a change that came from outside (another
  /// process, through a key's subscription), announced like any other.
  func replace(with newValue: Value) {
    value.withLock { $0 = newValue }
    announce(newValue)
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
    continuation.onTermination = { [weak self] _ in
      _ = self?.observers.withLock { $0.continuations.removeValue(forKey: token) }
    }
    return stream
  }

  private func announce(_ newValue: Value) {
    let continuations = observers.withLock { Array($0.continuations.values) }
    for continuation in continuations { continuation.yield(newValue) }
  }
}
