/// What a container keeps of a reducer: the function it calls for each action, and the hooks it
/// calls when the feature mounts and dismounts.
///
/// Built once by ``Reducer/makeFunctions()``; you never make one yourself.
public struct ReducerFunctions<State, Action: Sendable> {
  /// The reducer's function for each action.
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>
  /// The effects to start when the feature mounts and dismounts.
  @usableFromInline let lifecycle: Lifecycle<State, Action>

  @inlinable
  init(reduce: @escaping (inout State, Action) -> Effect<Action>, lifecycle: Lifecycle<State, Action>) {
    self.reduce = reduce
    self.lifecycle = lifecycle
  }

  /// These functions with `reduce` in place of the reduce function, and every hook's effect
  /// built through `transform` (for a ``HarnessStore``, which tracks them). `transform` gets the hook's
  /// name, `"onMount"` or `"onDismount"`, and a function that builds its effect.
  func replacing(
    reduce: @escaping (inout State, Action) -> Effect<Action>,
    hookEffects transform: @escaping (_ hook: String, _ build: () -> Effect<Action>) -> Effect<Action>
  ) -> Self {
    let mount = lifecycle.mount.map { hook in { (state: State) in transform("onMount") { hook(state) } } }
    let dismount = lifecycle.dismount.map { hook in { (state: State) in transform("onDismount") { hook(state) } } }
    return Self(reduce: reduce, lifecycle: Lifecycle(mount: mount, dismount: dismount))
  }
}

/// The effects a feature starts when it mounts — its state appears — and when it dismounts —
/// its state goes — as ``Reducer/onMount(_:)`` and ``Reducer/onDismount(_:)`` declare them.
@usableFromInline
struct Lifecycle<State, Action: Sendable> {
  @usableFromInline var mount: ((State) -> Effect<Action>)?
  @usableFromInline var dismount: ((State) -> Effect<Action>)?

  @inlinable
  init(mount: ((State) -> Effect<Action>)? = nil, dismount: ((State) -> Effect<Action>)? = nil) {
    self.mount = mount
    self.dismount = dismount
  }

  /// No hooks.
  @inlinable static var none: Self { Self() }

  /// Whether there are no hooks.
  @inlinable var isNone: Bool { mount == nil && dismount == nil }

  /// The effect to start on mounting `state`.
  @inlinable func mountEffect(_ state: State) -> Effect<Action> { mount?(state) ?? .none }

  /// The effect to start on dismounting `state`.
  @inlinable func dismountEffect(_ state: State) -> Effect<Action> { dismount?(state) ?? .none }

  /// These hooks, then `other`'s, merged.
  @inlinable
  func merging(_ other: Self) -> Self {
    if other.isNone { return self }
    if isNone { return other }
    return Self(
      mount: Self.merge(mount, other.mount),
      dismount: Self.merge(dismount, other.dismount)
    )
  }

  @inlinable
  static func merge(
    _ first: ((State) -> Effect<Action>)?,
    _ second: ((State) -> Effect<Action>)?
  ) -> ((State) -> Effect<Action>)? {
    guard let first else { return second }
    guard let second else { return first }
    return { state in first(state).merge(with: second(state)) }
  }

  /// These hooks with every effect passed through `transform` (for example to run under other
  /// dependencies).
  @inlinable
  func wrapping(_ transform: @escaping (() -> Effect<Action>) -> Effect<Action>) -> Self {
    Self(
      mount: mount.map { hook in { state in transform { hook(state) } } },
      dismount: dismount.map { hook in { state in transform { hook(state) } } }
    )
  }

  /// A child's hooks seen from its parent: the child's state read from the parent's (`nil`:
  /// not there, no effect), its actions embedded.
  @inlinable
  func pulledBack<ParentState, ParentAction: Sendable>(
    state toChild: @escaping (ParentState) -> State?,
    action embed: @escaping @Sendable (Action) -> ParentAction
  ) -> Lifecycle<ParentState, ParentAction> {
    func pull(_ hook: ((State) -> Effect<Action>)?) -> ((ParentState) -> Effect<ParentAction>)? {
      guard let hook else { return nil }
      return { parent in
        guard let child = toChild(parent) else { return .none }
        let effect = hook(child)
        return effect.isNone ? .none : effect.map(embed)
      }
    }
    return Lifecycle<ParentState, ParentAction>(mount: pull(mount), dismount: pull(dismount))
  }
}
