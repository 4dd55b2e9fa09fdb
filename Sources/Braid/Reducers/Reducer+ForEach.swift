extension Reducer {
  /// Runs `element` on the element of a collection that an ``IdentifiedAction`` names, before
  /// this reducer.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in … }
  ///     .forEach(\.rows, action: /Action.rows) { Row() }
  /// }
  /// ```
  ///
  /// - The element reducer runs first, in place, on the element with the action's id.
  /// - An action for an id that is not in the collection is reported as a runtime warning and
  ///   ignored.
  /// - When this reducer removes an element, every effect that element started is cancelled.
  ///   Each element's cancellation ids are private to it, so rows never cancel each other.
  /// - The element reducer may be this reducer's own type, as in TCA's Recursion case study
  ///   (rows that hold rows): it is built when an action first reaches that level, and removing
  ///   a row cancels the effects of every row inside it.
  ///
  /// - Parameters:
  ///   - toElements: Where the collection lives.
  ///   - toElementAction: The case of this reducer's actions that carries element actions.
  ///   - element: The element reducer.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  /// - Returns: A reducer that runs the element, then this reducer.
  @inlinable
  public func forEach<
    ID: Hashable & Sendable, ElementState, ElementAction: Sendable, Element: Reducer<ElementState, ElementAction>
  >(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CasePath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ForEachReducer<State, Action, ID, ElementState, ElementAction> {
    ForEachReducer(
      parent: makeFunctions(),
      element: ChildReducerBuilding.functions(of: element()),
      toElements: toElements,
      toElementAction: toElementAction,
      fileID: fileID,
      line: line
    )
  }
}

/// The reducer built by ``Reducer/forEach(_:action:element:fileID:line:)``.
public struct ForEachReducer<State, Action: Sendable, ID: Hashable & Sendable, ElementState, ElementAction: Sendable>:
  Reducer
{
  @usableFromInline let parent: (inout State, Action) -> Effect<Action>
  @usableFromInline let element: (inout ElementState, ElementAction) -> Effect<ElementAction>
  @usableFromInline let parentLifecycle: Lifecycle<State, Action>
  @usableFromInline let elementLifecycle: Lifecycle<ElementState, ElementAction>
  @usableFromInline let toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>
  /// `toElements` as an offset when it is a stored property: every action reads the ids
  /// through it, and a runtime key-path projection was most of a row send.
  @usableFromInline let elementsPath: StatePath<State, IdentifiedArray<ID, ElementState>>
  @usableFromInline let toElementAction: CasePath<Action, IdentifiedAction<ID, ElementAction>>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(
    parent: ReducerFunctions<State, Action>,
    element: ReducerFunctions<ElementState, ElementAction>,
    toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    toElementAction: CasePath<Action, IdentifiedAction<ID, ElementAction>>,
    fileID: StaticString,
    line: UInt
  ) {
    self.parent = parent.reduce
    self.element = element.reduce
    self.parentLifecycle = parent.lifecycle
    self.elementLifecycle = element.lifecycle
    self.toElements = toElements
    self.elementsPath = StatePath(toElements)
    self.toElementAction = toElementAction
    self.fileID = fileID
    self.line = line
  }

  /// The cancellation id of the element with `id` in the collection at `toElements`.
  @usableFromInline
  static func elementID(
    _ id: ID, in toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>
  ) -> AnyHashableSendable {
    AnyHashableSendable(ChildFeatureID.forEach(elements: toElements, element: AnyHashableSendable(id)))
  }

  /// Runs the element reducer (if the action is an element's), then the parent, and cancels
  /// the effects of removed elements.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    // The closures below capture these fields, never `self`: capturing `self` copied the whole
    // reducer on every action (a retain and a release per field).
    let (element, elementsPath, toElementAction, toElements) = (element, elementsPath, toElementAction, toElements)
    let (elementLifecycle, fileID, line) = (elementLifecycle, fileID, line)
    return ChildFeatureReduction.reduce(
      into: &state,
      action: action,
      route: { action -> (id: ID, action: ElementAction)? in
        guard case .element(let id, let elementAction)? = toElementAction.extract(from: action) else { return nil }
        return (id, elementAction)
      },
      runChild: { state, route in
        let effect = elementsPath.modify(&state) { elements -> Effect<ElementAction>? in
          guard let offset = elements.index(id: route.id) else { return nil }
          // By position: the element stays in place (writing by id moves it out and back), and
          // an element reducer that changes the id still stops with the same message.
          return element(&elements[offset], route.action)
        }
        guard let effect else { return .missing }
        // Checked here so that an element action without effects builds no id and no closure.
        if effect.isNone { return .ran(.none) }
        let id = route.id
        return .ran(
          ChildFeatureReduction.childEffect(effect, id: Self.elementID(id, in: toElements)) {
            toElementAction.embed(.element(id: id, action: $0))
          })
      },
      reportMissing: { _, route in
        reportMisuse(
          "A forEach at \(fileID):\(line) received an action for a missing element (id \(route.id)): \(action). Send element actions only for ids in the collection.",
          fileID: fileID,
          line: line
        )
      },
      parent: parent,
      // The ids array alone: comparing it is a buffer-identity check when the parent left the
      // collection alone, and snapshotting it retains one buffer rather than two.
      instances: { state in withUnsafePointer(to: state) { elementsPath.withValue(in: $0) { $0.pointee.orderedIDs } } },
      keepsStateBefore: elementLifecycle.dismount != nil,
      changed: { stateBefore, idsBefore, stateAfter, idsAfter in
        var effects: [Effect<Action>] = []
        // Sets for membership; the loops keep the collection's order.
        let (present, wasPresent) = (Set(idsAfter), Set(idsBefore))
        for id in idsBefore where !present.contains(id) {
          if let removed = stateBefore?[keyPath: toElements][id: id] {
            effects.append(
              Self.dismountEffect(
                removed, id: id, lifecycle: elementLifecycle, toElementAction: toElementAction, toElements: toElements))
          }
          effects.append(.cancel(id: Self.elementID(id, in: toElements)))
        }
        if elementLifecycle.mount != nil {
          for id in idsAfter where !wasPresent.contains(id) {
            if let added = stateAfter[keyPath: toElements][id: id] {
              effects.append(
                Self.mountEffect(
                  added, id: id, lifecycle: elementLifecycle, toElementAction: toElementAction, toElements: toElements))
            }
          }
        }
        return effects
      }
    )
  }

  /// An element's mount effect as the parent runs it: cancelled when the element is removed.
  @inlinable
  func mountEffect(_ element: ElementState, id: ID) -> Effect<Action> {
    Self.mountEffect(
      element, id: id, lifecycle: elementLifecycle, toElementAction: toElementAction, toElements: toElements)
  }

  /// An element's dismount effect as the parent runs it.
  @inlinable
  func dismountEffect(_ element: ElementState, id: ID) -> Effect<Action> {
    Self.dismountEffect(
      element, id: id, lifecycle: elementLifecycle, toElementAction: toElementAction, toElements: toElements)
  }

  @inlinable
  static func mountEffect(
    _ element: ElementState,
    id: ID,
    lifecycle: Lifecycle<ElementState, ElementAction>,
    toElementAction: CasePath<Action, IdentifiedAction<ID, ElementAction>>,
    toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>
  ) -> Effect<Action> {
    ChildFeatureReduction.childEffect(lifecycle.mountEffect(element), id: elementID(id, in: toElements)) {
      toElementAction.embed(.element(id: id, action: $0))
    }
  }

  @inlinable
  static func dismountEffect(
    _ element: ElementState,
    id: ID,
    lifecycle: Lifecycle<ElementState, ElementAction>,
    toElementAction: CasePath<Action, IdentifiedAction<ID, ElementAction>>,
    toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>
  ) -> Effect<Action> {
    ChildFeatureReduction.dismountEffect(lifecycle.dismountEffect(element), id: elementID(id, in: toElements)) {
      toElementAction.embed(.element(id: id, action: $0))
    }
  }

  /// The parent's hooks; the elements present when the parent mounts or dismounts do too.
  @inlinable
  public func makeFunctions() -> ReducerFunctions<State, Action> {
    guard !elementLifecycle.isNone else {
      return ReducerFunctions(reduce: { self.reduce(into: &$0, action: $1) }, lifecycle: parentLifecycle)
    }
    let elements = Lifecycle<State, Action>(
      mount: { state in
        let elements = state[keyPath: toElements]
        return .merge(elements.ids.compactMap { id in elements[id: id].map { mountEffect($0, id: id) } })
      },
      dismount: { state in
        let elements = state[keyPath: toElements]
        return .merge(elements.ids.compactMap { id in elements[id: id].map { dismountEffect($0, id: id) } })
      }
    )
    return ReducerFunctions(
      reduce: { self.reduce(into: &$0, action: $1) }, lifecycle: elements.merging(parentLifecycle))
  }
}
