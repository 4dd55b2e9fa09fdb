extension Reducer {
  /// Runs a presented child feature while its state is present: TCA's
  /// `.ifLet(\.$destination, action: \.destination) { Destination() }`, spelled with a case path.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in … }
  ///     .ifLet(\.$destination, action: /Action.destination) { Destination() }
  /// }
  /// ```
  ///
  /// - The child reduces `.presented` actions first, so the parent sees the child's changes.
  /// - `.dismiss` sets the state to `nil`, before the parent sees it. A `.dismiss` while nothing
  ///   is presented is ignored: a child and its parent may both have dismissed it.
  /// - When the state goes to `nil`, or is replaced by a child of another enum case or `id`,
  ///   every effect of the presentation is cancelled before the send that did it returns. The
  ///   next presentation's effects run under another number, so no cancellation of an old
  ///   presentation reaches them.
  /// - `@Dependency(\.dismiss)` in the child's run effects dismisses it (``DismissEffect``).
  /// - An alert or dialog (``EphemeralState``), held directly or in a case of an enum
  ///   destination, is dismissed by its first action: the parent sees the action with the state
  ///   already gone.
  /// - A `.presented` action while nothing is presented is reported and ignored.
  /// - The child's `onMount` effect starts when the presentation is first seen: when a send
  ///   presents it, or, for a child already in the initial state, at the first send.
  ///
  /// - Parameters:
  ///   - toPresentationState: The presentation, a `@Presents` property's projected value:
  ///     `\.$destination`.
  ///   - toPresentationAction: The case of this reducer's actions that carries the child's.
  ///   - destination: The child reducer.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  /// - Returns: A reducer that runs the child, then this reducer.
  @inlinable
  public func ifLet<ChildState, ChildAction: Sendable, Child: Reducer<ChildState, ChildAction>>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> destination: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> PresentationReducer<State, Action, ChildState, ChildAction> {
    PresentationReducer(
      parent: makeFunctions(),
      child: ChildReducerBuilding.functions(of: destination()),
      toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      fileID: fileID,
      line: line
    )
  }
}

/// The reducer built by ``Reducer/ifLet(_:action:destination:fileID:line:)``.
public struct PresentationReducer<State, Action: Sendable, ChildState, ChildAction: Sendable>: Reducer {
  @usableFromInline let parent: (inout State, Action) -> Effect<Action>
  @usableFromInline let child: (inout ChildState, ChildAction) -> Effect<ChildAction>
  @usableFromInline let parentLifecycle: Lifecycle<State, Action>
  @usableFromInline let childLifecycle: Lifecycle<ChildState, ChildAction>
  @usableFromInline let toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>
  @usableFromInline let toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>
  /// Which children end the presentation after their first action: alerts and dialogs, held
  /// directly or in a case of an enum destination.
  @usableFromInline let ephemeral: EphemeralCases<ChildState>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(
    parent: ReducerFunctions<State, Action>,
    child: ReducerFunctions<ChildState, ChildAction>,
    toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString,
    line: UInt
  ) {
    self.parent = parent.reduce
    self.child = child.reduce
    self.parentLifecycle = parent.lifecycle
    self.childLifecycle = child.lifecycle
    self.toPresentationState = toPresentationState
    self.toPresentationAction = toPresentationAction
    self.ephemeral = EphemeralCases()
    self.fileID = fileID
    self.line = line
  }

  /// Runs the child for its actions, then the parent, then ends and starts the presentations
  /// the send changed.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    // Two accesses to the presentation, before and after the parent: each through the key path
    // costs a call, and reading the projected value whole would copy the child's state.
    let (childEffect, before, childBefore) = reduceChild(&state[keyPath: toPresentationState], action: action)
    let parentEffect = parent(&state, action)
    var effect = childEffect.merge(with: parentEffect)
    settle(&state[keyPath: toPresentationState], before: before, childBefore: childBefore, effect: &effect)
    return effect
  }

  /// Numbers a child presented before this reducer saw it (the initial state, or a reducer that
  /// runs before this one), then runs the child's action or the dismissal. Returns the effects,
  /// the presentation's number before the action, and the child's state then when its dismount
  /// hook will need it.
  @inlinable
  func reduceChild(
    _ presentation: inout PresentationState<ChildState>, action: Action
  ) -> (Effect<Action>, UInt64?, ChildState?) {
    var effect = start(&presentation)
    let before = presentation.session
    let childBefore = childLifecycle.dismount == nil ? nil : presentation.storage
    switch toPresentationAction.extract(from: action) {
    case .dismiss?:
      // A `.dismiss` with nothing presented is ignored: the child and its parent may both
      // have dismissed it.
      presentation.wrappedValue = nil
    case .presented(let childAction)?:
      if let number = before, presentation.storage != nil {
        let wasEphemeral = ephemeral.isEphemeral(presentation.storage!)
        effect = effect.merge(with: presented(child(&presentation.storage!, childAction), number: number))
        if wasEphemeral { presentation.wrappedValue = nil }
      } else {
        reportMisuse(
          "An ifLet at \(fileID):\(line) received a presented action when nothing was presented: \(action). Send a child's actions only while it is presented.",
          fileID: fileID, line: line)
      }
    case nil:
      break
    }
    return (effect, before, childBefore)
  }

  /// After the parent: ends the presentation that was there before if the send ended or
  /// replaced it, and starts the one there now if it is new.
  @inlinable
  func settle(
    _ presentation: inout PresentationState<ChildState>, before: UInt64?, childBefore: ChildState?,
    effect: inout Effect<Action>
  ) {
    if let before, presentation.session != before {
      if let childBefore { effect = effect.merge(with: dismountEffect(childBefore, number: before)) }
      effect = effect.merge(with: .cancel(id: id(before)))
    }
    effect = effect.merge(with: start(&presentation))
  }

  /// Numbers a presented child that has no number yet, and starts its mount effect.
  @inlinable
  func start(_ presentation: inout PresentationState<ChildState>) -> Effect<Action> {
    guard let number = presentation.numberIfNeeded() else { return .none }
    guard childLifecycle.mount != nil, let child = presentation.storage else { return .none }
    return presented(childLifecycle.mountEffect(child), number: number)
  }

  /// The cancellation id of presentation `number`'s effects.
  @inlinable
  func id(_ number: UInt64) -> AnyHashableSendable {
    AnyHashableSendable(ChildFeatureID.presentation(state: toPresentationState, number: number))
  }

  /// A child effect as the parent runs it: under the presentation's number, cancellable with it,
  /// and able to dismiss it.
  @inlinable
  func presented(_ effect: Effect<ChildAction>, number: UInt64) -> Effect<Action> {
    if effect.isNone { return .none }
    let id = id(number)
    return effect.presented(toPresentationAction.embedding).scoped(under: id).cancellable(id: id)
  }

  /// The child's dismount effect as the parent runs it, once its presentation has ended.
  @inlinable
  func dismountEffect(_ child: ChildState, number: UInt64) -> Effect<Action> {
    let embed = toPresentationAction.embedding
    return ChildFeatureReduction.dismountEffect(
      childLifecycle.dismountEffect(child), id: id(number), embed: { embed(.presented($0)) })
  }

  /// The parent's own hooks; a presented child's run when the presentation starts and ends.
  @inlinable
  public func makeFunctions() -> ReducerFunctions<State, Action> {
    ReducerFunctions(reduce: { self.reduce(into: &$0, action: $1) }, lifecycle: parentLifecycle)
  }
}

extension Reducer {
  /// Presents an alert or a dialog: `.ifLet(\.$alert, action: /Action.alert)`, with no child
  /// reducer. A button's action arrives as `.presented(action)` and ends the presentation; the
  /// parent sees it with the alert already gone.
  ///
  /// - Parameters:
  ///   - toPresentationState: The presentation, `\.$alert`.
  ///   - toPresentationAction: The case of this reducer's actions that carries the buttons'.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  /// - Returns: A reducer that ends the presentation after a button's action, then runs this
  ///   reducer.
  @inlinable
  public func ifLet<ChildState: EphemeralState, ChildAction: Sendable>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> PresentationReducer<State, Action, ChildState, ChildAction> {
    PresentationReducer(
      parent: makeFunctions(),
      child: EmptyReducer<ChildState, ChildAction>().makeFunctions(),
      toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      fileID: fileID,
      line: line
    )
  }
}
