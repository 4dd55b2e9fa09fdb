import Braid
import Testing

/// A Swift Testing trait that runs a test (or every test of a suite) with dependencies set,
/// in a dependency scope of its own.
///
/// ```swift
/// @Test(.dependency(\.continuousClock, ImmediateClock()))
/// func loadsAtOnce() async { … }
///
/// @Suite(.dependencies { $0.uuid = .incrementing; $0.date = .constant(.distantPast) })
/// struct ModelTests { … }
/// ```
///
/// The scope also gives the test its own cache of test values: a counting `UUIDGenerator` or
/// a controllable client is never shared with a test running beside it.
public struct DependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  let update: @Sendable (inout DependencyValues) -> Void

  /// Applies the trait to every test of a suite it is attached to, each in its own scope.
  public var isRecursive: Bool { true }

  /// Runs `function` with the dependencies set.
  ///
  /// - Parameters:
  ///   - test: The test or suite the trait is attached to.
  ///   - testCase: The test case, for a parameterized test.
  ///   - function: The test.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withDependencies(update) {
      try await function()
    }
  }
}

extension Trait where Self == DependenciesTrait {
  /// Runs the test with the dependency at `keyPath` set to `value`.
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to set.
  ///   - value: Its value for the test.
  /// - Returns: The trait.
  public static func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> Self {
    DependenciesTrait { $0.write(value, to: keyPath) }
  }

  /// Runs the test with the dependencies `update` sets.
  ///
  /// - Parameter update: Sets the values for the test.
  /// - Returns: The trait.
  public static func dependencies(_ update: @escaping @Sendable (inout DependencyValues) -> Void) -> Self {
    DependenciesTrait(update: update)
  }
}
