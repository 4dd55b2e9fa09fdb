/// Runs a child reducer on a part of the parent's state, for the child's actions.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.profile, action: /Action.profile) {
///     Profile()
///   }
///   Reduce { state, action in … }
/// }
/// ```
///
/// The child's state is changed in place, and its effects are mapped back into parent actions.
/// Actions that are not the child's are ignored at the cost of one case-path extraction.
public struct Scope<ParentState, ParentAction: Sendable, ChildState, ChildAction: Sendable>: Reducer {
  /// Where the child lives: a stored or computed property, or a case of an enum state.
  @usableFromInline let toChildState: StatePath<ParentState, ChildState>?
  /// The child's byte offset in the parent's state when it is a stored property, else -1.
  ///
  /// Read without touching the key path: binding `toChildState` in `reduce` retained and
  /// released the key path around the child's call, about 55 instructions per level.
  @usableFromInline let childOffset: Int
  @usableFromInline let toCaseState: CasePath<ParentState, ChildState>?
  @usableFromInline let toChildAction: CasePath<ParentAction, ChildAction>
  @usableFromInline let child: (inout ChildState, ChildAction) -> Effect<ChildAction>
  @usableFromInline let lifecycle: Lifecycle<ParentState, ParentAction>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  /// Scopes `child` to the state at `toChildState` and the actions in `toChildAction`.
  ///
  /// - Parameters:
  ///   - toChildState: Where the child's state lives in the parent's.
  ///   - toChildAction: The case of the parent's actions that carries the child's.
  ///   - child: The child reducer. Its body is evaluated once, here.
  @inlinable
  public init<Child: Reducer<ChildState, ChildAction>>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) {
    let path = StatePath(toChildState)
    self.toChildState = path
    self.childOffset = path.offset
    self.toCaseState = nil
    self.toChildAction = toChildAction
    let functions = ChildReducerBuilding.functions(of: child())
    self.child = functions.reduce
    self.lifecycle = functions.lifecycle.pulledBack(
      state: { $0[keyPath: toChildState] }, action: toChildAction.embedding)
    self.fileID = #fileID
    self.line = #line
  }

  /// Scopes `child` to one case of an enum state, for the actions in `toChildAction`.
  ///
  /// ```swift
  /// Scope(state: /Destination.State.detail, action: /Destination.Action.detail) {
  ///   Detail()
  /// }
  /// ```
  ///
  /// A child action that arrives while the state is in another case is reported (it is a bug in
  /// the feature, as in TCA) and ignored.
  ///
  /// - Parameters:
  ///   - toCaseState: The case of the parent's state that holds the child's.
  ///   - toChildAction: The case of the parent's actions that carries the child's.
  ///   - child: The child reducer. Its body is evaluated once, here.
  ///   - fileID: Where the scope is, for the misuse report.
  ///   - line: Where the scope is, for the misuse report.
  @inlinable
  public init<Child: Reducer<ChildState, ChildAction>>(
    state toCaseState: CasePath<ParentState, ChildState>,
    action toChildAction: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.toChildState = nil
    self.childOffset = -1
    self.toCaseState = toCaseState
    self.toChildAction = toChildAction
    let functions = ChildReducerBuilding.functions(of: child())
    self.child = functions.reduce
    // The child's hooks run with the parent's when the state is in the child's case then; use
    // `ifCaseLet` for a child that comes and goes with its case.
    self.lifecycle = functions.lifecycle.pulledBack(state: toCaseState.extract(from:), action: toChildAction.embedding)
    self.fileID = fileID
    self.line = line
  }

  /// Runs the child reducer if `action` is one of its actions.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let effect: Effect<ChildAction>
    if childOffset >= 0 {
      effect = withUnsafeMutableBytes(of: &state) { bytes in
        child(
          &bytes.baseAddress.unsafelyUnwrapped.advanced(by: childOffset).assumingMemoryBound(to: ChildState.self)
            .pointee, childAction)
      }
    } else if let toChildState {
      effect = toChildState.modify(&state) { child(&$0, childAction) }
    } else {
      let toCaseState = toCaseState.unsafelyUnwrapped
      guard var caseState = toCaseState.extract(from: state) else {
        reportMisuse(
          """
          A Scope at \(fileID):\(line) received a child action when state was in a different case: \(action).

          The state was:
          \(describeValue(state))
          """,
          fileID: fileID, line: line)
        return .none
      }
      effect = child(&caseState, childAction)
      state = toCaseState.embed(caseState)
    }
    if effect.isNone { return .none }
    return effect.map(toChildAction.embedding)
  }

  /// Runs the child for its actions; the child's hooks run when the parent's do.
  @inlinable
  public func makeFunctions() -> ReducerFunctions<ParentState, ParentAction> {
    ReducerFunctions(reduce: { self.reduce(into: &$0, action: $1) }, lifecycle: lifecycle)
  }
}
