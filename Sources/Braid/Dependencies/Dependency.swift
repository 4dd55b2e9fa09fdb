/// Reads a dependency in a reducer or an effect.
///
/// ```swift
/// struct Feature: Reducer {
///   @Dependency(\.continuousClock) var clock
///   @Dependency(\.numberFact) var numberFact
///   …
/// }
/// ```
///
/// The value is read when it is used, from the values in force: the store's (set with
/// `Store(initialState:reducer:withDependencies:)`), a reducer's ``Reducer/dependency(_:_:)``,
/// or an enclosing ``withDependencies(_:operation:)-(_,_)``. Effects keep the values in force
/// when they were created.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  private let keyPath: KeyPath<DependencyValues, Value> & Sendable

  /// Reads the dependency at `keyPath`.
  ///
  /// - Parameter keyPath: The dependency's property on ``DependencyValues``.
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
  }

  /// The dependency's current value.
  public var wrappedValue: Value {
    DependencyValues.current[keyPath: keyPath]
  }
}
