/// A value that several features, or several copies of one feature's state, share: swift-sharing's
/// `@Shared`.
///
/// ```swift
/// struct State {
///   @Shared(.inMemory("count")) var count = 0
/// }
/// // In a reducer:
/// state.$count.withLock { $0 += 1 }
/// ```
///
/// A `Shared` is a reference: every copy of the state that holds it, and every `Shared` made
/// from the same key, reads and mutates one value. Reads are plain (`state.count`); mutations
/// go through ``withLock(_:)``, which makes each one atomic within the process. A part of a
/// shared value is shared with it: `$profile.name` is a `Shared<String>` on the profile's name.
///
/// In a `TestStore`, a step that changes a shared value must assert it, in TCA's spelling:
/// `store.send(.increment) { $0.$count.withLock { $0 = 1 } }`. The assertion closure changes an
/// asserted copy, never the live value.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  let storage: any SharedStorage<Value>

  init(storage: any SharedStorage<Value>) {
    self.storage = storage
  }

  /// A shared value that no key persists: shared only by the copies of this `Shared`.
  ///
  /// - Parameter value: The value.
  public init(value: sending Value) {
    storage = SharedReference(value)
  }

  /// The value that `key` names, shared with every `Shared` made from the same key; `value` when
  /// the key holds none yet.
  ///
  /// - Parameters:
  ///   - value: The value when the key holds none.
  ///   - key: Where the value lives: ``SharedKey/inMemory(_:)``, or a key of your own.
  public init(wrappedValue value: Value, _ key: some SharedKey<Value>) {
    storage = SharedRegistry.current.reference(for: key, default: value)
  }

  /// The value now.
  public var wrappedValue: Value { storage.read() }

  /// The shared value itself: `$count`, for ``withLock(_:)`` and parts.
  public var projectedValue: Shared<Value> { self }

  /// Runs `body` on the value under the shared value's lock: the one way to mutate it.
  ///
  /// Every holder sees the change once `body` returns; ``changes`` announces it.
  ///
  /// - Parameter body: Reads and changes the value.
  /// - Returns: What `body` returns.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try storage.withLock(body)
  }

  /// The part of the value at `keyPath`, shared with it: `$profile.name`.
  public subscript<Member: Sendable>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Shared<Member> {
    Shared<Member>(storage: storage.appending(keyPath))
  }

  /// Returns once the value is stored for good by its key: for `.fileStorage`, written, synced
  /// and renamed into place. A value no key persists returns at once.
  ///
  /// - Throws: The error that kept the last save from being stored.
  public func save() async throws {
    try await storage.flush()
  }

  /// The value after each mutation from now on, by any holder or from outside the process.
  ///
  /// A consumer slower than the mutations sees the newest value, not every one. A value can be
  /// older than ``wrappedValue`` by the time the consumer reads it (a waiting consumer is handed
  /// the first of a burst): code that keeps something in step with the value reads
  /// ``wrappedValue`` on each change. The stream ends when its consumer stops; see ``Effect/changes(of:_:)-(Shared<Value>,_)`` for an effect that sends them.
  public var changes: AsyncStream<Value> { storage.changes() }
}

extension Shared: Equatable where Value: Equatable {
  /// Whether both hold equal values now.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: Hashable where Value: Hashable {
  /// Hashes the value now.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension Shared: Encodable where Value: Encodable {
  /// Encodes the value now.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension Shared: Decodable where Value: Decodable {
  /// A new, unpersisted shared value holding what `decoder` reads: a decoded state shares
  /// nothing with the state that was encoded.
  public init(from decoder: any Decoder) throws {
    self.init(value: try Value(from: decoder))
  }
}

extension Shared: CustomStringConvertible {
  /// The value's description.
  public var description: String { String(describing: wrappedValue) }
}

extension Shared: SharedValueReflecting {
  package var sharedRoot: (id: ObjectIdentifier, value: Any) { storage.root }
  package var sharedValue: Any { wrappedValue }
}

extension Shared: DumpsUnderWrappedName {}
