/// Reads a dependency in a reducer, an effect or a model.
///
/// ```swift
/// struct Feature: Reducer {
///   @Dependency(\.continuousClock) var clock
///   @Dependency(NumberFactClient.self) var numberFact
///   …
/// }
/// ```
///
/// The value is read when it is used, from the values in force: the store's (set with
/// `Store(initialState:reducer:withDependencies:)`), a reducer's ``Reducer/dependency(_:_:)``,
/// or an enclosing ``withDependencies(_:operation:)-(_,_)``. Effects keep the values in force
/// when they were created. A store's values are in force for its synchronous work only
/// (reducing, notifying observers, starting effects): a `Task` that a reducer or an observer
/// starts by itself does not inherit them, so return an effect instead.
///
/// The wrapper also remembers the values in force when its owner was created. A model created
/// inside `withDependencies` keeps seeing them when it is used later outside that scope (values
/// in force at the read still win), and ``withDependencies(from:_:operation:)`` hands them on
/// to a child model.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  private let read: @Sendable (DependencyValues) -> Value
  /// The values in force when the owner was created.
  let initialValues = DependencyValues.current

  /// Reads the dependency at `keyPath`.
  ///
  /// - Parameter keyPath: The dependency's property on ``DependencyValues``.
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    read = { $0[keyPath: keyPath] }
  }

  /// Reads the dependency whose key is `key`, without a property on ``DependencyValues``.
  ///
  /// A client that is its own key reads as `@Dependency(NumberFactClient.self) var numberFact`.
  ///
  /// - Parameter key: The dependency's key type.
  public init<Key: TestDependencyKey>(_ key: Key.Type) where Key.Value == Value {
    read = { $0[key] }
  }

  /// The dependency's current value.
  public var wrappedValue: Value {
    let current = DependencyValues.current
    if initialValues.isDefault { return read(current) }
    if current.isDefault { return read(initialValues) }
    return read(initialValues.merging(current))
  }
}

/// A stored property that remembers the dependency values its owner was created with.
protocol DependencyValuesCarrier {
  var initialValues: DependencyValues { get }
}

extension Dependency: DependencyValuesCarrier {}
