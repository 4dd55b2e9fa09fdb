/// The root of TCA's case key paths, `\.child`, as Braid reads them: only so that the compiler
/// can say what to write instead. TCA's `@CasePathable` macro gives each enum a member per case;
/// Braid has no macros, so `\.child` cannot name a case, and without these overloads the
/// compiler says only that a key path cannot refer to an enum case. With them, `Scope`, `ifLet`,
/// `forEach`, `ifCaseLet` and `TestStore.receive` written with `\.child` fail to compile with a
/// message naming Braid's spelling, `/Action.child`. Nothing can be done with a value of it.
@dynamicMemberLookup
public enum CaseKeyPathSpelling<Root> {
  /// Any name, so that `\.child` type-checks as far as the unavailable overload that names
  /// Braid's spelling.
  public subscript(dynamicMember name: String) -> Never {
    switch self {}
  }

  /// Any name inside a chain, so that TCA's `\.binding.field` type-checks as far as the
  /// unavailable overload too.
  public subscript(dynamicMember name: String) -> CaseKeyPathSpelling<Root> {
    switch self {}
  }
}

/// TCA's spelling of a case, `\.child`, as those overloads take it.
public typealias CaseKeyPathSpelled<Root> = KeyPath<CaseKeyPathSpelling<Root>, Never>

extension Scope {
  /// TCA's `Scope(state: \.child, action: \.child)`: Braid names the action's case, and an enum
  /// state's case, by its constructor. (`\.child` for the state is a property the state has; it
  /// is taken here for any name, so that the message is the same for both.)
  @available(
    *, unavailable,
    message:
      "Braid names an enum case by its constructor: write `Scope(state: \\.child, action: /Action.child)` for a property of the state, `state: /State.child` for a case of an enum state"
  )
  public init<Child: Reducer<ChildState, ChildAction>>(
    state toChildState: CaseKeyPathSpelled<ParentState>,
    action toChildAction: CaseKeyPathSpelled<ParentAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) {
    fatalError("unavailable")
  }
}

extension Reducer {
  /// TCA's `.ifLet(\.child, action: \.child)`.
  @available(
    *, unavailable,
    message:
      "Braid names an enum case by its constructor: write `.ifLet(\\.child, action: /Action.child)` where TCA writes `action: \\.child`"
  )
  public func ifLet<ChildState, ChildAction: Sendable, Child: Reducer<ChildState, ChildAction>>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPathSpelled<Action>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> Self {
    fatalError("unavailable")
  }

  /// TCA's `.forEach(\.rows, action: \.rows)`.
  @available(
    *, unavailable,
    message:
      "Braid names an enum case by its constructor: write `.ifLet(\\.$destination, action: /Action.destination) { Destination() }` where TCA writes `action: \\.destination`"
  )
  public func ifLet<ChildState, ChildAction: Sendable, Child: Reducer<ChildState, ChildAction>>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CaseKeyPathSpelled<Action>,
    @ReducerBuilder<ChildState, ChildAction> destination: () -> Child
  ) -> Self {
    fatalError("unavailable")
  }

  @available(
    *, unavailable,
    message:
      "Braid names an enum case by its constructor: write `.ifLet(\\.$alert, action: /Action.alert)` where TCA writes `action: \\.alert`"
  )
  public func ifLet<ChildState>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CaseKeyPathSpelled<Action>
  ) -> Self {
    fatalError("unavailable")
  }

  @available(
    *, unavailable,
    message:
      "Braid names an enum case by its constructor: write `.forEach(\\.rows, action: /Action.rows)` where TCA writes `action: \\.rows`"
  )
  public func forEach<ElementState, ElementAction: Sendable, Element: Reducer<ElementState, ElementAction>>(
    _ toElements: PartialKeyPath<State>,
    action toElementAction: CaseKeyPathSpelled<Action>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> Self {
    fatalError("unavailable")
  }

  /// TCA's `.ifCaseLet(\.child, action: \.child)`.
  @available(
    *, unavailable,
    message:
      "Braid names an enum case by its constructor: write `.ifCaseLet(/State.child, action: /Action.child)` where TCA writes `\\.child`"
  )
  public func ifCaseLet<CaseState, CaseAction: Sendable, Child: Reducer<CaseState, CaseAction>>(
    _ toCaseState: CaseKeyPathSpelled<State>,
    action toCaseAction: CaseKeyPathSpelled<Action>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Child
  ) -> Self {
    fatalError("unavailable")
  }
}
