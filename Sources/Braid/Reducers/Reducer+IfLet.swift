extension Reducer {
  /// Runs `child` on optional child state while it is non-`nil`, before this reducer.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in … }
  ///     .ifLet(\.alert, action: /Action.alert) { Alert() }
  /// }
  /// ```
  ///
  /// - The child runs first, so the parent sees the child's changes.
  /// - An action for the child while its state is `nil` is reported as a runtime warning and
  ///   ignored: never a crash.
  /// - When this reducer sets the child state to `nil`, every effect the child started is
  ///   cancelled. The child's cancellation ids are private to it.
  /// - The child may be this reducer's own type, as in a chain of features of one kind: it is
  ///   built when an action first reaches it.
  ///
  /// - Parameters:
  ///   - toChildState: Where the optional child state lives.
  ///   - toChildAction: The case of this reducer's actions that carries the child's.
  ///   - child: The child reducer.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  /// - Returns: A reducer that runs the child, then this reducer.
  @inlinable
  public func ifLet<ChildState, ChildAction: Sendable, Child: Reducer<ChildState, ChildAction>>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfLetReducer<State, Action, ChildState, ChildAction> {
    IfLetReducer(
      parent: makeFunctions(),
      child: ChildReducerBuilding.functions(of: child()),
      toChildState: toChildState,
      toChildAction: toChildAction,
      fileID: fileID,
      line: line
    )
  }
}

/// The reducer built by ``Reducer/ifLet(_:action:then:fileID:line:)``.
public struct IfLetReducer<State, Action: Sendable, ChildState, ChildAction: Sendable>: Reducer {
  @usableFromInline let parent: (inout State, Action) -> Effect<Action>
  @usableFromInline let child: (inout ChildState, ChildAction) -> Effect<ChildAction>
  @usableFromInline let parentLifecycle: Lifecycle<State, Action>
  @usableFromInline let childLifecycle: Lifecycle<ChildState, ChildAction>
  @usableFromInline let toChildState: WritableKeyPath<State, ChildState?>
  /// The same path, read and written at its offset when it is a stored property: a key path
  /// projection of an optional instantiated its metadata, about 1,000 instructions each time.
  @usableFromInline let childPath: StatePath<State, ChildState?>
  @usableFromInline let toChildAction: CasePath<Action, ChildAction>
  @usableFromInline let id: AnyHashableSendable
  @usableFromInline let identifier: ChildIdentifier<ChildState>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(
    parent: ReducerFunctions<State, Action>,
    child: ReducerFunctions<ChildState, ChildAction>,
    toChildState: WritableKeyPath<State, ChildState?>,
    toChildAction: CasePath<Action, ChildAction>,
    fileID: StaticString,
    line: UInt
  ) {
    self.parent = parent.reduce
    self.child = child.reduce
    self.parentLifecycle = parent.lifecycle
    self.childLifecycle = child.lifecycle
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.identifier = ChildIdentifier()
    self.childPath = StatePath(toChildState)
    self.id = AnyHashableSendable(ChildFeatureID.ifLet(state: toChildState))
    self.fileID = fileID
    self.line = line
  }

  /// Runs the child (if present and the action is its), then the parent.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    ChildFeatureReduction.reduce(
      into: &state,
      action: action,
      route: toChildAction.extract(from:),
      runChild: { state, childAction in
        childPath.modify(&state) { childState in
          guard childState != nil else { return .missing }
          let effect = child(&childState!, childAction)
          return .ran(ChildFeatureReduction.childEffect(effect, id: id, embed: toChildAction.embedding))
        }
      },
      reportMissing: { _, _ in
        reportMisuse(
          "An ifLet at \(fileID):\(line) received a child action when child state was nil: \(action). Send child actions only while the child state is present.",
          fileID: fileID,
          line: line
        )
      },
      parent: parent,
      instances: { state in withUnsafePointer(to: state) { identifier.presence(of: childPath.read(pointee: $0)) } },
      keepsStateBefore: childLifecycle.dismount != nil,
      changed: { stateBefore, before, stateAfter, after in
        var effects: [Effect<Action>] = []
        if before.isGone(in: after) {
          if let child = stateBefore?[keyPath: toChildState] { effects.append(dismountEffect(child)) }
          effects.append(.cancel(id: id))
        }
        if after != .absent, after != before, let child = stateAfter[keyPath: toChildState] {
          effects.append(mountEffect(child))
        }
        return effects
      }
    )
  }

  /// The child's mount effect as the parent runs it: cancelled when the child goes.
  @inlinable
  func mountEffect(_ child: ChildState) -> Effect<Action> {
    ChildFeatureReduction.childEffect(childLifecycle.mountEffect(child), id: id, embed: toChildAction.embedding)
  }

  /// The child's dismount effect as the parent runs it.
  @inlinable
  func dismountEffect(_ child: ChildState) -> Effect<Action> {
    ChildFeatureReduction.dismountEffect(childLifecycle.dismountEffect(child), id: id, embed: toChildAction.embedding)
  }

  /// The parent's hooks; a child present when the parent mounts or dismounts does too.
  @inlinable
  public func makeFunctions() -> ReducerFunctions<State, Action> {
    guard !childLifecycle.isNone else {
      return ReducerFunctions(reduce: { self.reduce(into: &$0, action: $1) }, lifecycle: parentLifecycle)
    }
    let children = Lifecycle<State, Action>(
      mount: { state in state[keyPath: toChildState].map(mountEffect) ?? .none },
      dismount: { state in state[keyPath: toChildState].map(dismountEffect) ?? .none }
    )
    return ReducerFunctions(
      reduce: { self.reduce(into: &$0, action: $1) }, lifecycle: children.merging(parentLifecycle))
  }
}
