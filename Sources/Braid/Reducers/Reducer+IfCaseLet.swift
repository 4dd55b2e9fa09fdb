extension Reducer {
  /// Runs `child` on one case of enum state while the state is in that case, before this
  /// reducer.
  ///
  /// ```swift
  /// enum State { case loggedIn(Home.State), loggedOut(Login.State) }
  ///
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in … }
  ///     .ifCaseLet(/State.loggedIn, action: /Action.home) { Home() }
  ///     .ifCaseLet(/State.loggedOut, action: /Action.login) { Login() }
  /// }
  /// ```
  ///
  /// An action for the child while the state is in another case is reported as a runtime
  /// warning and ignored. When this reducer moves the state out of the case, the child's
  /// effects are cancelled. The child may be this reducer's own type (an expression whose
  /// cases hold expressions): it is built when an action first reaches it.
  ///
  /// - Parameters:
  ///   - toCaseState: The case of the state the child works on.
  ///   - toCaseAction: The case of this reducer's actions that carries the child's.
  ///   - child: The child reducer.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  /// - Returns: A reducer that runs the child, then this reducer.
  @inlinable
  public func ifCaseLet<CaseState, CaseAction: Sendable, Child: Reducer<CaseState, CaseAction>>(
    _ toCaseState: CasePath<State, CaseState>,
    action toCaseAction: CasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfCaseLetReducer<State, Action, CaseState, CaseAction> {
    IfCaseLetReducer(
      parent: makeFunctions(),
      child: ChildReducerBuilding.functions(of: child()),
      toCaseState: toCaseState,
      toCaseAction: toCaseAction,
      fileID: fileID,
      line: line
    )
  }
}

/// The reducer built by ``Reducer/ifCaseLet(_:action:then:fileID:line:)``.
public struct IfCaseLetReducer<State, Action: Sendable, CaseState, CaseAction: Sendable>: Reducer {
  @usableFromInline let parent: (inout State, Action) -> Effect<Action>
  @usableFromInline let child: (inout CaseState, CaseAction) -> Effect<CaseAction>
  @usableFromInline let parentLifecycle: Lifecycle<State, Action>
  @usableFromInline let childLifecycle: Lifecycle<CaseState, CaseAction>
  @usableFromInline let toCaseState: CasePath<State, CaseState>
  @usableFromInline let toCaseAction: CasePath<Action, CaseAction>
  @usableFromInline let id: AnyHashableSendable
  @usableFromInline let identifier: ChildIdentifier<CaseState>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(
    parent: ReducerFunctions<State, Action>,
    child: ReducerFunctions<CaseState, CaseAction>,
    toCaseState: CasePath<State, CaseState>,
    toCaseAction: CasePath<Action, CaseAction>,
    fileID: StaticString,
    line: UInt
  ) {
    self.parent = parent.reduce
    self.child = child.reduce
    self.parentLifecycle = parent.lifecycle
    self.childLifecycle = child.lifecycle
    self.toCaseState = toCaseState
    self.toCaseAction = toCaseAction
    self.identifier = ChildIdentifier()
    self.id = AnyHashableSendable(
      ChildFeatureID.ifCaseLet(state: ObjectIdentifier(CaseState.self), action: ObjectIdentifier(CaseAction.self)))
    self.fileID = fileID
    self.line = line
  }

  /// Runs the child (if the state is in its case and the action is its), then the parent.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    ChildFeatureReduction.reduce(
      into: &state,
      action: action,
      route: toCaseAction.extract(from:),
      runChild: { state, caseAction in
        guard var caseState = toCaseState.extract(from: state) else { return .missing }
        let effect = child(&caseState, caseAction)
        state = toCaseState.embed(caseState)
        return .ran(ChildFeatureReduction.childEffect(effect, id: id, embed: toCaseAction.embedding))
      },
      reportMissing: { state, _ in
        reportMisuse(
          """
          An ifCaseLet at \(fileID):\(line) received a child action when state was in a different case: \(action).

          The state was:
          \(describeValue(state))

          Send child actions only while the state is in the child's case.
          """,
          fileID: fileID,
          line: line
        )
      },
      parent: parent,
      instances: { identifier.presence(of: toCaseState.extract(from: $0)) },
      keepsStateBefore: childLifecycle.dismount != nil,
      changed: { stateBefore, before, stateAfter, after in
        var effects: [Effect<Action>] = []
        if before.isGone(in: after) {
          if let stateBefore, let child = toCaseState.extract(from: stateBefore) {
            effects.append(dismountEffect(child))
          }
          effects.append(.cancel(id: id))
        }
        if after != .absent, after != before, let child = toCaseState.extract(from: stateAfter) {
          effects.append(mountEffect(child))
        }
        return effects
      }
    )
  }

  /// The child's mount effect as the parent runs it: cancelled when the case changes.
  @inlinable
  func mountEffect(_ child: CaseState) -> Effect<Action> {
    ChildFeatureReduction.childEffect(childLifecycle.mountEffect(child), id: id, embed: toCaseAction.embedding)
  }

  /// The child's dismount effect as the parent runs it.
  @inlinable
  func dismountEffect(_ child: CaseState) -> Effect<Action> {
    ChildFeatureReduction.dismountEffect(childLifecycle.dismountEffect(child), id: id, embed: toCaseAction.embedding)
  }

  /// The parent's hooks; a child whose case holds when the parent mounts or dismounts does too.
  @inlinable
  public func makeFunctions() -> ReducerFunctions<State, Action> {
    guard !childLifecycle.isNone else {
      return ReducerFunctions(reduce: { self.reduce(into: &$0, action: $1) }, lifecycle: parentLifecycle)
    }
    let children = Lifecycle<State, Action>(
      mount: { state in toCaseState.extract(from: state).map(mountEffect) ?? .none },
      dismount: { state in toCaseState.extract(from: state).map(dismountEffect) ?? .none }
    )
    return ReducerFunctions(
      reduce: { self.reduce(into: &$0, action: $1) }, lifecycle: children.merging(parentLifecycle))
  }
}
