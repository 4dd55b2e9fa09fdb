/// What a ``SharedReader`` reads: a shared reference, or a part of one.
protocol SharedReadable<Value>: Sendable {
  associatedtype Value: Sendable
  /// The reference this reads, and its whole value, for a test store's snapshots.
  var root: (id: ObjectIdentifier, value: Any) { get }
  /// The value now.
  func read() -> Value
  /// The values after each mutation of the reference.
  func changes() -> AsyncStream<Value>
  /// Waits until the reference's saves so far are stored for good.
  func flush() async throws
}

/// What a ``Shared`` reads and mutates: a shared reference, or a part of one.
protocol SharedStorage<Value>: SharedReadable {
  /// Runs `body` on the value under the reference's lock.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result
  /// The part of this value at `keyPath`, shared with it.
  func appending<Member: Sendable>(_ keyPath: WritableKeyPath<Value, Member>) -> any SharedStorage<Member>
}

extension SharedReference: SharedStorage {
  var root: (id: ObjectIdentifier, value: Any) { (id, read()) }

  func appending<Member: Sendable>(_ keyPath: WritableKeyPath<Value, Member>) -> any SharedStorage<Member> {
    SharedPart(root: self, keyPath: keyPath)
  }
}

/// A part of a shared reference's value, at a key path: `$profile.name`.
struct SharedPart<Root: Sendable, Value: Sendable>: SharedStorage, @unchecked Sendable {
  let reference: SharedReference<Root>
  // A key path is immutable once made: reading it from any thread is safe.
  let keyPath: WritableKeyPath<Root, Value>

  init(root: SharedReference<Root>, keyPath: WritableKeyPath<Root, Value>) {
    self.reference = root
    self.keyPath = keyPath
  }

  var root: (id: ObjectIdentifier, value: Any) { reference.root }

  func read() -> Value { reference.read()[keyPath: keyPath] }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try reference.withLock { try body(&$0[keyPath: keyPath]) }
  }

  func changes() -> AsyncStream<Value> {
    reference.changes().mapped { [self] in $0[keyPath: keyPath] }
  }

  func flush() async throws { try await reference.flush() }

  func appending<Member: Sendable>(_ member: WritableKeyPath<Value, Member>) -> any SharedStorage<Member> {
    SharedPart<Root, Member>(root: reference, keyPath: keyPath.appending(path: member))
  }
}

/// A read-only part of a shared value, at a key path: `$settings.theme` on a ``SharedReader``.
struct SharedReadablePart<Base: Sendable, Value: Sendable>: SharedReadable, @unchecked Sendable {
  let base: any SharedReadable<Base>
  // A key path is immutable once made: reading it from any thread is safe.
  let keyPath: KeyPath<Base, Value>

  var root: (id: ObjectIdentifier, value: Any) { base.root }

  func read() -> Value { base.read()[keyPath: keyPath] }

  func flush() async throws { try await base.flush() }

  func changes() -> AsyncStream<Value> {
    base.changes().mapped { [self] in $0[keyPath: keyPath] }
  }
}

extension AsyncStream where Element: Sendable {
  /// This stream's elements through `transform`, ending when it ends; stopping the new stream
  /// stops reading this one.
  func mapped<T: Sendable>(_ transform: @escaping @Sendable (Element) -> T) -> AsyncStream<T> {
    let (stream, continuation) = AsyncStream<T>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let task = Task {
      for await element in self { continuation.yield(transform(element)) }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}
