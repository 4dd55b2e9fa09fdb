/// A read-only view of a shared value: swift-sharing's `@SharedReader`.
///
/// ```swift
/// @SharedReader(.inMemory("count")) var count = 0
/// ```
///
/// It reads what a ``Shared`` of the same key, or the `Shared` it was made from, holds, and
/// cannot change it.
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value: Sendable>: Sendable {
  let storage: any SharedReadable<Value>

  init(storage: any SharedReadable<Value>) {
    self.storage = storage
  }

  /// A reader of `shared`.
  ///
  /// - Parameter shared: The shared value to read.
  public init(_ shared: Shared<Value>) {
    storage = shared.storage
  }

  /// A reader of a constant: for previews and tests of a feature that only reads.
  ///
  /// - Parameter value: The value.
  public init(value: sending Value) {
    storage = SharedReference(value)
  }

  /// A reader of the value `key` names; `value` when the key holds none yet.
  ///
  /// - Parameters:
  ///   - value: The value when the key holds none.
  ///   - key: Where the value lives.
  public init(wrappedValue value: Value, _ key: some SharedKey<Value>) {
    storage = SharedRegistry.current.reference(for: key, default: value)
  }

  /// The value now.
  public var wrappedValue: Value { storage.read() }

  /// The reader itself: `$count`, for parts and ``changes``.
  public var projectedValue: SharedReader<Value> { self }

  /// A reader of the part of the value at `keyPath`.
  public subscript<Member: Sendable>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader<Member>(storage: SharedReadablePart(base: storage, keyPath: keyPath))
  }

  /// The value after each mutation from now on, as ``Shared/changes`` announces it.
  public var changes: AsyncStream<Value> { storage.changes() }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Whether both read equal values now.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension SharedReader: CustomStringConvertible {
  /// The value's description.
  public var description: String { String(describing: wrappedValue) }
}

extension SharedReader: SharedValueReflecting {
  package var sharedRoot: (id: ObjectIdentifier, value: Any) { storage.root }
  package var sharedValue: Any { wrappedValue }
}

extension SharedReader: DumpsUnderWrappedName {}
