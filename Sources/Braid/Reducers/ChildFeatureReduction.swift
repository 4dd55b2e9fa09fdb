/// The skeleton ``IfLetReducer``, ``IfCaseLetReducer`` and ``ForEachReducer`` share: route a
/// child action to the child instance it names and run the child there (or report that the
/// instance is missing), run the parent, then cancel the effects of every instance the parent
/// removed.
@usableFromInline
enum ChildFeatureReduction {
  /// Reduces `action` through a parent that contains child features.
  ///
  /// - Parameters:
  ///   - state: The parent's state.
  ///   - action: The parent's action.
  ///   - route: The child action in `action` and whatever names its instance, or `nil` when
  ///     `action` is not a child's.
  ///   - runChild: Runs the child in place on the routed instance and returns its effect, already
  ///     made a child effect (``childEffect(_:id:embed:)``), or ``ChildRun/missing``.
  ///   - reportMissing: Reports a child action whose instance is missing.
  ///   - parent: The parent's own reducer.
  ///   - instances: The live child instances in a state, compared before and after the parent.
  ///   - keepsStateBefore: Whether `changed` needs the state from before the parent ran (to
  ///     dismount the instances it removed); copying it costs the parent's next write a copy.
  ///   - changed: The effects for the instances the parent added and removed: dismount hooks
  ///     and cancellation of the removed (in that order), mount hooks of the added.
  @inlinable
  static func reduce<State, Action: Sendable, Route, Instances: Equatable>(
    into state: inout State,
    action: Action,
    route: (Action) -> Route?,
    runChild: (inout State, Route) -> ChildRun<Action>,
    reportMissing: (State, Route) -> Void,
    parent: (inout State, Action) -> Effect<Action>,
    instances: (State) -> Instances,
    keepsStateBefore: Bool,
    changed: (_ stateBefore: State?, _ before: Instances, _ stateAfter: State, _ after: Instances) -> [Effect<Action>]
  ) -> Effect<Action> {
    var childEffect = Effect<Action>.none
    if let route = route(action) {
      switch runChild(&state, route) {
      case .ran(let effect): childEffect = effect
      case .missing: reportMissing(state, route)
      }
    }
    let before = instances(state)
    // Two branches rather than `keepsStateBefore ? state : nil`: destroying that optional went
    // through its type's value witnesses on every action (62 instructions of a forEach row send).
    guard keepsStateBefore else {
      let parentEffect = parent(&state, action)
      let after = instances(state)
      guard before != after else { return childEffect.merge(with: parentEffect) }
      return .merge([childEffect, parentEffect] + changed(nil, before, state, after))
    }
    let stateBefore = state
    let parentEffect = parent(&state, action)
    let after = instances(state)
    guard before != after else { return childEffect.merge(with: parentEffect) }
    return .merge([childEffect, parentEffect] + changed(stateBefore, before, state, after))
  }

  /// A child instance's dismount effect as its parent runs it: embedded and scoped like its
  /// other effects, but not cancellable with them, so cancelling the instance leaves it running.
  @inlinable
  static func dismountEffect<ChildAction: Sendable, Action: Sendable>(
    _ effect: Effect<ChildAction>,
    id: AnyHashableSendable,
    embed: @escaping @Sendable (ChildAction) -> Action
  ) -> Effect<Action> {
    if effect.isNone { return .none }
    return effect.map(embed).scoped(under: id)
  }

  /// A child instance's effect as its parent runs it: actions embedded into the parent's, ids
  /// resolved inside the instance, and the whole cancellable by the instance's id.
  @inlinable
  static func childEffect<ChildAction: Sendable, Action: Sendable>(
    _ effect: Effect<ChildAction>,
    id: AnyHashableSendable,
    embed: @escaping @Sendable (ChildAction) -> Action
  ) -> Effect<Action> {
    if effect.isNone { return .none }
    return effect.map(embed).scoped(under: id).cancellable(id: id)
  }
}

/// What running a child instance gave: its effect, or nothing because the instance is missing.
///
/// Not an optional effect: `return .none` would then read as a missing child.
@usableFromInline
enum ChildRun<Action: Sendable> {
  case ran(Effect<Action>)
  case missing
}
