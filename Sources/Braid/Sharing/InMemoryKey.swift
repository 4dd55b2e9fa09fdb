/// A shared value that lives in memory, named by a string: swift-sharing's `.inMemory("key")`.
///
/// Every `@Shared(.inMemory("count"))` of the process shares one value. Nothing is saved: the
/// value starts from the first holder's default in each process.
///
/// In tests the values live in the test's dependencies (the process's values are for live
/// code), so a test that runs its feature under its own dependencies (a `TestStore`,
/// `withDependencies`, the `.dependencies` test trait) starts from fresh values.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  /// The value's name.
  public let id: String

  /// The key named `id`.
  ///
  /// - Parameter id: The value's name.
  public init(_ id: String) {
    self.id = id
  }

  /// Nothing is stored: the holder's default is used.
  public func load() -> Value? { nil }
}

extension SharedKey {
  /// The in-memory value named `key`.
  ///
  /// - Parameter key: The value's name.
  /// - Returns: The key.
  public static func inMemory<V>(_ key: String) -> Self where Self == InMemoryKey<V> {
    InMemoryKey(key)
  }
}
