/// The values dependency keys resolved to, built once per key and context and then reused, so
/// a stateful client (a table of delegates, an open connection) keeps its state between uses.
///
/// Live values are kept once per process (``live``). Test and preview values are kept per
/// scope: every `TestStore`, every `Store` and every ``withDependencies(_:operation:)-(_,_)``
/// opened where no scope is open yet starts a fresh cache, so tests running in parallel never
/// share a controllable client or a counting ``UUIDGenerator``. Values read where no scope is
/// open at all share ``unscoped``.
///
/// A value is built outside the lock (its key may read other dependencies); when two threads
/// build the same value at once, the first to finish is kept and returned to both.
final class DependencyCache: Sendable {
  /// The live values of this process.
  static let live = DependencyCache()
  /// The test and preview values read where no scope is open.
  static let unscoped = DependencyCache()

  private struct Entry: Hashable, Sendable {
    let key: ObjectIdentifier
    let context: DependencyContext
  }

  private let values = SanitizerVisibleMutex<[Entry: any Sendable]>([:])

  init() {}

  /// The cached value of `key` in `context`, built with `make` on first use.
  func value<Key: TestDependencyKey>(
    of key: Key.Type,
    in context: DependencyContext,
    make: () -> Key.Value
  ) -> Key.Value {
    let entry = Entry(key: ObjectIdentifier(key), context: context)
    if let cached = values.withLock({ $0[entry] }) {
      return Self.cast(cached, to: Key.Value.self)
    }
    let made = make()
    return values.withLock { values in
      if let cached = values[entry] { return Self.cast(cached, to: Key.Value.self) }
      values[entry] = made
      return made
    }
  }

  /// The cached value of `key` in `context`, if it was built already.
  func peek<Key: TestDependencyKey>(_ key: Key.Type, in context: DependencyContext) -> Key.Value? {
    let entry = Entry(key: ObjectIdentifier(key), context: context)
    return values.withLock { $0[entry] }.map { Self.cast($0, to: Key.Value.self) }
  }

  /// Stores `value` for the key with identity `key` in `context`, unless one is cached already.
  ///
  /// - Returns: Whether the value was stored; `false` when the key had been read before.
  func prepare(_ value: any Sendable, forKey key: ObjectIdentifier, in context: DependencyContext) -> Bool {
    let entry = Entry(key: key, context: context)
    return values.withLock { values in
      guard values[entry] == nil else { return false }
      values[entry] = value
      return true
    }
  }

  private static func cast<Value>(_ cached: any Sendable, to _: Value.Type) -> Value {
    // Entries are keyed by the key type, whose `Value` is fixed: the cast cannot fail.
    guard let value = cached as? Value else {
      preconditionFailure(
        "Internal inconsistency: a dependency cache entry holds \(type(of: cached)), not \(Value.self)")
    }
    return value
  }
}
