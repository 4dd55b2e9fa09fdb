extension Reducer {
  /// Runs a navigation path's elements: TCA's `.forEach(\.path, action: \.path) { Path() }`,
  /// spelled with a case path.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in … }
  ///     .forEach(\.path, action: /Action.path) { Path() }
  /// }
  /// ```
  ///
  /// - An element reduces its own actions first; the parent sees the result.
  /// - `.popFrom(id:)` pops the element and everything above it, and `.push(id:state:)` pushes,
  ///   before the parent sees them. A push runs nothing in the element: its reducer runs when
  ///   its own actions come.
  /// - Every effect of an element that leaves the stack, whichever reducer popped it, is
  ///   cancelled before the send that popped it returns. An id is never given twice, so a later
  ///   element's effects are never hit.
  /// - `@Dependency(\.dismiss)` in an element's run effects pops it and everything above it.
  /// - An action for an id not in the stack, a pop of one, or a push of one already there is
  ///   reported and ignored.
  ///
  /// - Parameters:
  ///   - toStack: The path: `\.path`.
  ///   - toStackAction: The case of this reducer's actions that carries the path's.
  ///   - destination: The element reducer.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  /// - Returns: A reducer that runs the elements, then this reducer.
  @inlinable
  public func forEach<ElementState, ElementAction: Sendable, Element: Reducer<ElementState, ElementAction>>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CasePath<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> StackReducer<State, Action, ElementState, ElementAction> {
    StackReducer(
      parent: makeFunctions(),
      element: ChildReducerBuilding.functions(of: destination()),
      toStack: toStack,
      toStackAction: toStackAction,
      fileID: fileID,
      line: line
    )
  }
}

/// The reducer built by ``Reducer/forEach(_:action:destination:fileID:line:)``.
public struct StackReducer<State, Action: Sendable, ElementState, ElementAction: Sendable>: Reducer {
  @usableFromInline let parent: (inout State, Action) -> Effect<Action>
  @usableFromInline let element: (inout ElementState, ElementAction) -> Effect<ElementAction>
  @usableFromInline let parentLifecycle: Lifecycle<State, Action>
  @usableFromInline let elementLifecycle: Lifecycle<ElementState, ElementAction>
  @usableFromInline let toStack: WritableKeyPath<State, StackState<ElementState>>
  @usableFromInline let toStackAction: CasePath<Action, StackAction<ElementState, ElementAction>>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(
    parent: ReducerFunctions<State, Action>,
    element: ReducerFunctions<ElementState, ElementAction>,
    toStack: WritableKeyPath<State, StackState<ElementState>>,
    toStackAction: CasePath<Action, StackAction<ElementState, ElementAction>>,
    fileID: StaticString,
    line: UInt
  ) {
    self.parent = parent.reduce
    self.element = element.reduce
    self.parentLifecycle = parent.lifecycle
    self.elementLifecycle = element.lifecycle
    self.toStack = toStack
    self.toStackAction = toStackAction
    self.fileID = fileID
    self.line = line
  }

  /// Runs the element's action, or the pop or push, then the parent; then ends the elements
  /// that left the stack and starts the ones that came.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let stackBefore = state[keyPath: toStack]
    var effect = Effect<Action>.none
    switch toStackAction.extract(from: action) {
    case .element(let id, let elementAction)?:
      if let elementEffect = state[keyPath: toStack].withElement(id: id, { element(&$0, elementAction) }) {
        effect = run(elementEffect, id: id)
      } else {
        report("an action for element \(id), which is not in the stack", action)
      }
    case .popFrom(let id)?:
      if stackBefore.ids.contains(id) {
        state[keyPath: toStack].pop(from: id)
      } else {
        report("a pop of element \(id), which is not in the stack", action)
      }
    case .push(let id, let elementState)?:
      if stackBefore.ids.contains(id) {
        report("a push of element \(id), which is in the stack already", action)
      } else {
        state[keyPath: toStack].push(elementState, id: id)
      }
    case nil:
      break
    }
    effect = effect.merge(with: parent(&state, action))
    let idsAfter = state[keyPath: toStack].ids
    guard idsAfter != stackBefore.ids else { return effect }
    let after = Set(idsAfter)
    for id in stackBefore.ids where !after.contains(id) {
      if elementLifecycle.dismount != nil, let popped = stackBefore[id: id] {
        effect = effect.merge(with: dismountEffect(popped, id: id))
      }
      effect = effect.merge(with: .cancel(id: self.id(id)))
    }
    if elementLifecycle.mount != nil {
      let before = Set(stackBefore.ids)
      for id in idsAfter where !before.contains(id) {
        if let pushed = state[keyPath: toStack][id: id] {
          effect = effect.merge(with: run(elementLifecycle.mountEffect(pushed), id: id))
        }
      }
    }
    return effect
  }

  /// The cancellation id of element `id`'s effects.
  @inlinable
  func id(_ id: StackElementID) -> AnyHashableSendable {
    AnyHashableSendable(ChildFeatureID.stackElement(state: toStack, id: id))
  }

  /// An element's effect as the parent runs it: under the element's id, cancellable with it,
  /// and able to pop it.
  @inlinable
  func run(_ effect: Effect<ElementAction>, id: StackElementID) -> Effect<Action> {
    if effect.isNone { return .none }
    let embed = toStackAction.embedding
    let cancelID = self.id(id)
    return effect.dismissible({ embed(.element(id: id, action: $0)) }, dismissal: embed(.popFrom(id: id)))
      .scoped(under: cancelID).cancellable(id: cancelID)
  }

  /// An element's dismount effect as the parent runs it, once it has been popped.
  @inlinable
  func dismountEffect(_ popped: ElementState, id: StackElementID) -> Effect<Action> {
    let embed = toStackAction.embedding
    return ChildFeatureReduction.dismountEffect(
      elementLifecycle.dismountEffect(popped), id: self.id(id), embed: { embed(.element(id: id, action: $0)) })
  }

  @usableFromInline
  func report(_ what: String, _ action: Action) {
    reportMisuse(
      "A forEach at \(fileID):\(line) received \(what): \(action). Send a path's actions only for the elements in it.",
      fileID: fileID, line: line)
  }

  /// The parent's own hooks; an element's run when it is pushed and popped.
  @inlinable
  public func makeFunctions() -> ReducerFunctions<State, Action> {
    ReducerFunctions(reduce: { self.reduce(into: &$0, action: $1) }, lifecycle: parentLifecycle)
  }
}
