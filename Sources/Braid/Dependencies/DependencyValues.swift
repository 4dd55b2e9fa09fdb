/// The dependencies a feature can read with ``Dependency``: a value per ``TestDependencyKey``.
///
/// Values resolve, in order, to an override (from ``withDependencies(_:operation:)-(_,_)``,
/// `Store(initialState:reducer:withDependencies:)` or ``Reducer/dependency(_:_:)``), then to the
/// key's value for the current ``DependencyContext``.
public struct DependencyValues: Sendable {
  @TaskLocal package static var current = DependencyValues()

  /// Runs `operation` with `values` as the current dependency values.
  @usableFromInline
  static func withCurrent<R>(_ values: DependencyValues, operation: () throws -> R) rethrows -> R {
    try $current.withValue(values, operation: operation)
  }

  /// The current dependency values.
  @usableFromInline
  static var currentValues: DependencyValues { current }

  private var overrides: [ObjectIdentifier: any Sendable] = [:]

  /// The context values resolve for; by default the process's ``DependencyContext/current``.
  public var context: DependencyContext = DependencyContext.current

  /// Creates values with no overrides.
  public init() {}

  /// The value for `key`: its override, or its value in ``context``.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = overrides[ObjectIdentifier(key)] as? Key.Value { return value }
      switch context {
      case .live: return (key as? any DependencyKey.Type).map { Self.liveValue(of: $0) as! Key.Value } ?? key.testValue
      case .test: return key.testValue
      case .preview: return key.previewValue
      }
    }
    set {
      overrides[ObjectIdentifier(key)] = newValue
    }
  }

  /// Whether these are the process's defaults: nothing overridden, the process's context.
  @usableFromInline
  var isDefault: Bool { overrides.isEmpty && context == DependencyContext.current }

  /// `self` with `other`'s overrides applied on top.
  func merging(_ other: DependencyValues) -> DependencyValues {
    var merged = self
    merged.overrides.merge(other.overrides) { _, new in new }
    merged.context = other.context
    return merged
  }

  private static func liveValue<Key: DependencyKey>(of key: Key.Type) -> any Sendable {
    key.liveValue
  }
}

/// Runs `operation` with dependencies changed by `update`; everything it reduces or starts,
/// including effects that run later, sees the changed values.
///
/// ```swift
/// let store = withDependencies {
///   $0.continuousClock = TestClock()
/// } operation: {
///   Store(initialState: Feature.State()) { Feature() }
/// }
/// ```
///
/// - Parameters:
///   - update: Changes the current values.
///   - operation: The work to run with them.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current
  try update(&values)
  return try DependencyValues.$current.withValue(values, operation: operation)
}

/// Runs async `operation` with dependencies changed by `update`.
///
/// - Parameters:
///   - isolation: The actor `operation` runs on; by default the caller's.
///   - update: Changes the current values.
///   - operation: The work to run with them.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.current
  try await update(&values)
  return try await DependencyValues.$current.withValue(values, operation: operation, isolation: isolation)
}
