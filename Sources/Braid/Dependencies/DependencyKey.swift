/// A key for a dependency that only has values for tests and previews.
///
/// Declare a key, then expose it as a computed property on ``DependencyValues``:
///
/// ```swift
/// private enum NumberFactKey: TestDependencyKey {
///   static let testValue = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch", placeholder: ""))
/// }
///
/// extension DependencyValues {
///   var numberFact: NumberFactClient {
///     get { self[NumberFactKey.self] }
///     set { self[NumberFactKey.self] = newValue }
///   }
/// }
/// ```
public protocol TestDependencyKey: SendableMetatype {
  /// The type of the dependency.
  associatedtype Value: Sendable

  /// The value used in tests, unless a test overrides it.
  static var testValue: Value { get }

  /// The value used in previews and demos; by default the test value.
  static var previewValue: Value { get }
}

extension TestDependencyKey {
  /// By default, previews use the test value.
  public static var previewValue: Value { testValue }
}

/// A key for a dependency with a live value: what the application uses when it runs for real.
///
/// ```swift
/// extension NumberFactClient: DependencyKey {
///   static let liveValue = NumberFactClient(fetch: { n in try await api.fact(n) })
///   static let testValue = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch", placeholder: ""))
/// }
/// ```
///
/// A key that gives no `testValue` gets one that reports a test failure naming the dependency
/// the first time a test uses it, then falls back to the live value.
public protocol DependencyKey: TestDependencyKey {
  /// The type of the dependency.
  associatedtype Value = Self

  /// The value used when the application runs for real.
  static var liveValue: Value { get }

  /// The value used in tests; by default one that reports a missing test value.
  static var testValue: Value { get }

  /// The value used in previews; by default the live value.
  static var previewValue: Value { get }
}

extension DependencyKey {
  /// Reports that the dependency has no test value, then returns the live value.
  public static var testValue: Value {
    if DependencyContext.current == .test {
      reportMisuse(
        "Dependency '\(Self.self)' has no test value. Give '\(Self.self)' a `testValue`, or override it in this test with `withDependencies`."
      )
    }
    return liveValue
  }

  /// By default, previews use the live value.
  public static var previewValue: Value { liveValue }
}
