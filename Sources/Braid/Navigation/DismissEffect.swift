/// Dismisses the feature it is called from: `await dismiss()` in a presented child's effect
/// sends ``PresentationAction/dismiss`` to the parent that presents it.
///
/// ```swift
/// struct Edit: Reducer {
///   @Dependency(\.dismiss) var dismiss
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .saveTapped:
///       return .run { [dismiss] _ in await dismiss() }
///     }
///   }
/// }
/// ```
///
/// It works in the `.run` effects (and their `catch:` handlers, and tasks they create) of a
/// child run by ``Reducer/ifLet(_:action:destination:fileID:line:)``: the closest presentation
/// is the one dismissed. Called anywhere else (a reducer body, an `Effect.subscribe` callback, a
/// feature nobody presents), it runs the closure of ``init(_:)`` if one was set, and otherwise
/// reports the misuse and does nothing.
public struct DismissEffect: Sendable {
  /// What a test or an app put in place of presentation dismissal, if anything.
  let override: (@Sendable () async -> Void)?

  /// The dismissal of presented features: what `@Dependency(\.dismiss)` gives by default.
  public init() {
    override = nil
  }

  /// A dismissal that runs `dismiss` wherever it is not called from a presented child's
  /// effect: TCA's way of testing a leaf feature alone,
  /// `$0.dismiss = DismissEffect { dismissed.withLock { $0 = true } }`.
  ///
  /// - Parameter dismiss: What to do when the feature asks to be dismissed.
  public init(_ dismiss: @escaping @Sendable () async -> Void) {
    override = dismiss
  }

  /// Dismisses the closest presentation of the effect it is called from.
  ///
  /// - Parameters:
  ///   - fileID: Where the call is, for the misuse report.
  ///   - line: Where the call is, for the misuse report.
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) async {
    if let dismiss = PresentationDismissal.current {
      await dismiss()
    } else if let override {
      await override()
    } else {
      reportMisuse(
        "dismiss() was called outside the effects of a presented feature, where there is nothing to dismiss. Call it from an Effect.run of a child that a parent runs with ifLet(\\.$destination, action:) or forEach(\\.path, action:).",
        fileID: fileID, line: line)
    }
  }
}

/// How a presented child's effect reaches its presenter: bound by the presenter around each of
/// the child's run effects.
enum PresentationDismissal {
  @TaskLocal static var current: (@Sendable () async -> Void)?
}

private enum DismissKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

extension DependencyValues {
  /// Dismisses the presented feature whose effect calls it: TCA's `@Dependency(\.dismiss)`.
  public var dismiss: DismissEffect {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }
}
