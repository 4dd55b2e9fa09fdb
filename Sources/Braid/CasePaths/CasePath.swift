/// A pair of functions that put a value into one case of an enum and take it back out.
///
/// A key path focuses on a property that is always there. A case path focuses on an enum case
/// that may or may not be the one a value currently holds: embedding always succeeds, extracting
/// succeeds only when the root is in that case. Reducers use case paths to route a parent action
/// such as `.child(.incrementButtonTapped)` to the child feature that handles it.
///
/// There are two ways to build one. Spell both directions out with
/// ``init(embed:extract:)``, or apply the `/` prefix operator to the case itself and let Braid
/// derive the extraction from the enum's runtime layout:
///
/// ```swift
/// enum AppAction {
///   case counter(CounterAction)
///   case logoutButtonTapped
/// }
///
/// let counter = /AppAction.counter            // CasePath<AppAction, CounterAction>
/// let logout = /AppAction.logoutButtonTapped  // CasePath<AppAction, Void>
///
/// counter.embed(.incrementButtonTapped)       // AppAction.counter(.incrementButtonTapped)
/// counter.extract(from: .logoutButtonTapped)  // nil
/// ```
///
/// Build a case path once and store it: constructing one is much slower than using it.
/// Case paths are `Sendable` whatever `Root` and `Value` are, because they hold only
/// `@Sendable` functions.
public struct CasePath<Root, Value>: Sendable {
  @usableFromInline
  let embedding: @Sendable (Value) -> Root

  @usableFromInline
  let extracting: @Sendable (Root) -> Value?

  /// Creates a case path from an explicit pair of functions.
  ///
  /// This initializer does no reflection and has no restrictions: use it when `Root` is not an
  /// enum, when the case carries a closure, or when you want extraction to cost no more than the
  /// `if case` you write. The two functions must agree: `extract(embed(value))` should give back
  /// `value`, and `extract` should return `nil` for every root that `embed` cannot produce.
  ///
  /// ```swift
  /// let counter = CasePath<AppAction, CounterAction>(
  ///   embed: { .counter($0) },
  ///   extract: { action in
  ///     guard case let .counter(value) = action else { return nil }
  ///     return value
  ///   }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - embed: Wraps a value in the case.
  ///   - extract: Returns the case's value when the root is in that case, and `nil` otherwise.
  @inlinable
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embedding = embed
    self.extracting = extract
  }

  /// Wraps a value in the case this path focuses on.
  ///
  /// ```swift
  /// let action = (/AppAction.counter).embed(.incrementButtonTapped)
  /// // AppAction.counter(.incrementButtonTapped)
  /// ```
  ///
  /// - Parameter value: The value to embed.
  /// - Returns: A root in this path's case, holding `value`.
  @inlinable
  public func embed(_ value: Value) -> Root {
    embedding(value)
  }

  /// Returns the value in the root when the root is in this path's case.
  ///
  /// ```swift
  /// let counter = /AppAction.counter
  /// counter.extract(from: .counter(.incrementButtonTapped))  // .incrementButtonTapped
  /// counter.extract(from: .logoutButtonTapped)               // nil
  /// ```
  ///
  /// - Parameter root: The value to look into.
  /// - Returns: The case's value, or `nil` when `root` is in another case.
  @inlinable
  public func extract(from root: Root) -> Value? {
    extracting(root)
  }
}
