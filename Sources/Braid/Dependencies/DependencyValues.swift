import Synchronization

/// The dependencies a feature can read with ``Dependency``: a value per ``TestDependencyKey``.
///
/// Values resolve, in order, to an override (from ``withDependencies(_:operation:)-(_,_)``,
/// `Store(initialState:reducer:withDependencies:)` or ``Reducer/dependency(_:_:)``), then to the
/// key's value for the current ``DependencyContext``.
public struct DependencyValues: Sendable {
  /// The values a scope bound for the current task; read them through ``current``.
  @TaskLocal private static var bound = DependencyValues()

  /// Whether values other than the defaults were ever bound in this process. Until then no task
  /// can see anything but the defaults, so ``current`` returns them without the task-local
  /// lookup, and binding the defaults binds nothing (together ~500 instructions per effect).
  private static let someValuesBound = Atomic<Bool>(false)

  /// The process's default values, as ``current`` returns them when nothing was bound.
  private static let defaults = DependencyValues()

  /// The current dependency values: the innermost scope's (a store's synchronous work, see
  /// `AmbientDependencies`, or a task-local binding), else the defaults.
  package static var current: DependencyValues {
    guard anyValuesBound else { return defaults }
    if let ambient = AmbientDependencies.current { return ambient }
    return bound
  }

  /// Runs `operation` with `values` as the current dependency values.
  @usableFromInline
  static func withCurrent<R>(_ values: DependencyValues, operation: () throws -> R) rethrows -> R {
    guard needsBinding(values) else { return try operation() }
    // Inside a store's synchronous work, this scope is the innermost one while it lasts.
    return try AmbientDependencies.suspended {
      try $bound.withValue(values, operation: operation)
    }
  }

  /// Runs a store's synchronous work (reducing, notifying observers, starting effects) with
  /// `scope`'s values current, or the defaults when `nil`: through a per-thread slot, which
  /// costs no allocation where no task runs (see `AmbientDependencies`).
  @inlinable
  static func withStoreValues<R>(_ scope: StoreDependencies?, operation: () throws -> R) rethrows -> R {
    guard let scope else {
      // The defaults are current already, unless other values were ever bound.
      guard anyValuesBound else { return try operation() }
      return try AmbientDependencies.with(defaultScope, operation: operation)
    }
    return try AmbientDependencies.with(scope, operation: operation)
  }

  /// The scope a store without dependencies of its own uses to hide values bound around it.
  @usableFromInline static let defaultScope = StoreDependencies(defaults)

  /// Whether values other than the defaults were ever bound in this process.
  @usableFromInline static var anyValuesBound: Bool { someValuesBound.load(ordering: .acquiring) }

  /// `values` kept by a store, for ``withStoreValues(_:operation:)``: `nil` for the defaults.
  static func storeScope(for values: DependencyValues) -> StoreDependencies? {
    guard !values.isDefault else { return nil }
    // From now on, ``current`` looks for scopes.
    noteValuesBound()
    return StoreDependencies(values)
  }

  /// Runs async `operation` with `values` as the current dependency values.
  @usableFromInline
  static func withCurrent<R>(
    _ values: DependencyValues,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    guard needsBinding(values) else { return try await operation() }
    return try await $bound.withValue(values, operation: operation, isolation: isolation)
  }

  /// Whether making `values` current needs a binding: not when they are the defaults and
  /// nothing else was ever bound. Notes a binding of other values first.
  private static func needsBinding(_ values: DependencyValues) -> Bool {
    if values.isDefault { return anyValuesBound }
    noteValuesBound()
    return true
  }

  /// Notes that values other than the defaults are about to be made current.
  private static func noteValuesBound() {
    if !anyValuesBound { someValuesBound.store(true, ordering: .releasing) }
  }

  /// The current dependency values.
  @usableFromInline
  static var currentValues: DependencyValues { current }

  /// The values set in this scope, with the key each was set for (named when reporting).
  private var overrides: [ObjectIdentifier: (key: any TestDependencyKey.Type, value: any Sendable)] = [:]

  /// Where values this scope resolves without an override are kept (see `DependencyCache`).
  private var cache = DependencyCache.unscoped

  /// The context values resolve for; by default the process's ``DependencyContext/current``.
  public var context: DependencyContext = DependencyContext.current

  /// Creates values with no overrides.
  public init() {}

  /// The value for `key`: its override, or its value in ``context``, built once and then kept
  /// (live values for the process; test and preview values for the test's scope).
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = overrides[ObjectIdentifier(key)]?.value as? Key.Value { return value }
      let cache = context == .live ? DependencyCache.live : self.cache
      if Self.isSettingValues {
        // Swift reads a computed property before writing it through a key path, and
        // `$0.client.fetch = { 1 }` reads `client` to set one of its fields. The value is about
        // to be replaced: build it without keeping it and without reporting a missing one.
        return cache.peek(key, in: context)
          ?? IssueReporting.$handler.withValue({ _ in }, operation: { Self.defaultValue(of: key, in: context) })
      }
      return cache.value(of: key, in: context) { Self.defaultValue(of: key, in: context) }
    }
    set {
      overrides[ObjectIdentifier(key)] = (key, newValue)
    }
  }

  /// Set while values are being set: ``write(_:to:)`` writing through a key path, or an update
  /// closure (``set(by:)``) of `withDependencies`, a store or a test store.
  @TaskLocal private static var isSettingValues = false

  /// Runs `update` on these values as a place that sets them: a dependency it reads in order to
  /// set part of it (`$0.client.fetch = { 1 }`) is neither kept nor reported missing.
  ///
  /// - Parameter update: Changes the values.
  @usableFromInline
  package mutating func set(by update: (inout DependencyValues) throws -> Void) rethrows {
    try Self.$isSettingValues.withValue(true) { try update(&self) }
  }

  /// Runs async `update` on these values as a place that sets them (see ``set(by:)``).
  ///
  /// - Parameters:
  ///   - isolation: The caller's actor.
  ///   - update: Changes the values.
  package mutating func set(
    isolation: isolated (any Actor)? = #isolation,
    by update: (inout DependencyValues) async throws -> Void
  ) async rethrows {
    var values = self
    try await Self.$isSettingValues.withValue(true) { try await update(&values) }
    self = values
  }

  /// Sets the dependency at `keyPath` to `value`, without building, keeping or reporting the
  /// value it replaces (a plain key-path write reads it first).
  ///
  /// - Parameters:
  ///   - value: The new value.
  ///   - keyPath: The dependency's property.
  @usableFromInline
  package mutating func write<Value>(_ value: Value, to keyPath: WritableKeyPath<DependencyValues, Value>) {
    Self.$isSettingValues.withValue(true) { self[keyPath: keyPath] = value }
  }

  private static func defaultValue<Key: TestDependencyKey>(of key: Key.Type, in context: DependencyContext) -> Key.Value
  {
    switch context {
    case .live: (key as? any DependencyKey.Type).map { liveValue(of: $0) as! Key.Value } ?? key.testValue
    case .test: key.testValue
    case .preview: key.previewValue
    }
  }

  /// Whether these are the process's defaults: nothing overridden, the process's context, no
  /// scope of their own.
  @usableFromInline
  var isDefault: Bool {
    overrides.isEmpty && context == DependencyContext.current && cache === DependencyCache.unscoped
  }

  /// These values as the start of a new scope: where no scope is open yet, test and preview
  /// values get a cache of their own; inside a scope, the scope's cache is kept.
  @usableFromInline
  package func openingScope() -> DependencyValues {
    guard cache === DependencyCache.unscoped, context != .live else { return self }
    var scoped = self
    scoped.cache = DependencyCache()
    return scoped
  }

  /// `self` with `other`'s overrides applied on top; `other`'s context wins, and so does its
  /// scope when it has one.
  func merging(_ other: DependencyValues) -> DependencyValues {
    var merged = self
    merged.overrides.merge(other.overrides) { _, new in new }
    merged.context = other.context
    if other.cache !== DependencyCache.unscoped { merged.cache = other.cache }
    return merged
  }

  /// Puts every override into the cache of its context, for ``prepareDependencies(_:fileID:line:)``.
  ///
  /// - Returns: The keys that had been read before and so kept their earlier values.
  func prepareOverrides() -> [any TestDependencyKey.Type] {
    let target = context == .live ? DependencyCache.live : cache
    return overrides.compactMap { identity, override in
      target.prepare(override.value, forKey: identity, in: context) ? nil : override.key
    }
  }

  private static func liveValue<Key: DependencyKey>(of key: Key.Type) -> any Sendable {
    key.liveValue
  }
}

/// Runs `operation` with dependencies changed by `update`; everything it reduces or starts,
/// including effects that run later, sees the changed values.
///
/// Opened in a test where no scope is open yet (no `TestStore`, `Store` or enclosing
/// `withDependencies`), it also gives the test its own cache of test values, so a counting
/// ``UUIDGenerator`` or a controllable client is never shared with another test.
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
  var values = DependencyValues.current.openingScope()
  try values.set(by: update)
  return try DependencyValues.withCurrent(values, operation: operation)
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
  var values = DependencyValues.current.openingScope()
  try await values.set(by: update)
  return try await DependencyValues.withCurrent(values, isolation: isolation, operation: operation)
}
