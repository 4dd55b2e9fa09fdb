/// Sets dependencies once, for the rest of the process (or the rest of the test scope), before
/// anything reads them: the place to configure live clients at application start.
///
/// ```swift
/// @main
/// struct App {
///   static func main() async {
///     prepareDependencies {
///       $0.userDirectory = .live(path: "users.sqlite")
///     }
///     …
///   }
/// }
/// ```
///
/// Unlike ``withDependencies(_:operation:)-(_,_)`` it opens no scope: the values become the ones
/// every later read resolves to where nothing overrides them. A dependency that was already
/// read keeps the value it had, and the call reports an issue naming it.
///
/// - Parameters:
///   - update: Sets the values to use.
///   - fileID: The file a reported issue points at; defaults to the caller's.
///   - line: The line a reported issue points at; defaults to the caller's.
public func prepareDependencies(
  _ update: (inout DependencyValues) -> Void,
  fileID: StaticString = #fileID,
  line: UInt = #line
) {
  var values = DependencyValues.current
  values.set(by: update)
  for key in values.prepareOverrides() {
    reportMisuse(
      "prepareDependencies set '\(key)' after it had been read; the earlier value is kept. Call prepareDependencies before anything reads the dependency.",
      fileID: fileID,
      line: line
    )
  }
}

/// Runs `operation` with the dependency values `model` was created with: how a parent model
/// hands its dependencies to a child it creates.
///
/// ```swift
/// func rowTapped(_ id: Row.ID) {
///   detail = withDependencies(from: self) {
///     DetailModel(id: id)
///   }
/// }
/// ```
///
/// The values come from `model`'s ``Dependency`` properties, each of which remembers the values
/// in force when `model` was created, and include `model`'s scope: the child shares the cached
/// values its parent resolved.
///
/// - Parameters:
///   - model: The model whose dependencies to inherit.
///   - operation: The work to run, typically creating the child.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  operation: () throws -> R
) rethrows -> R {
  try DependencyValues.withCurrent(DependencyValues.inherited(from: model), operation: operation)
}

/// Runs `operation` with the dependency values `model` was created with, changed by `update`.
///
/// - Parameters:
///   - model: The model whose dependencies to inherit.
///   - update: Further changes; they win over the inherited values.
///   - operation: The work to run, typically creating the child.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.inherited(from: model)
  try values.set(by: update)
  return try DependencyValues.withCurrent(values, operation: operation)
}

/// Runs async `operation` with the dependency values `model` was created with, changed by
/// `update`.
///
/// - Parameters:
///   - model: The model whose dependencies to inherit.
///   - isolation: The actor `operation` runs on; by default the caller's.
///   - update: Further changes; they win over the inherited values.
///   - operation: The work to run, typically creating the child.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.inherited(from: model)
  try await values.set(by: update)
  return try await DependencyValues.withCurrent(values, isolation: isolation, operation: operation)
}

extension DependencyValues {
  /// The current values with the values `model`'s ``Dependency`` properties remember applied
  /// on top.
  static func inherited(from model: AnyObject) -> DependencyValues {
    var values = current
    var mirror: Mirror? = Mirror(reflecting: model)
    while let level = mirror {
      for child in level.children {
        if let carrier = child.value as? any DependencyValuesCarrier {
          values = values.merging(carrier.initialValues)
        }
      }
      mirror = level.superclassMirror
    }
    return values
  }
}
