/// What the send loop (`StoreCore.drain`) does around each reduction, beyond reducing: nothing
/// for a store without an inspector, reporting for one with.
///
/// The loop is generic over its probe and specialized for each, so that a store without an
/// inspector runs the loop with ``NoSendProbe``, an empty struct whose calls compile away (the
/// `root-send` and `large-state` rows of `Benchmarks/instructions.sh` guard it).
@usableFromInline
protocol SendProbe<State, Action> {
  associatedtype State
  associatedtype Action: Sendable

  /// Reduces `action` into `state` with `reducer`, and returns its effect. `position` is the
  /// action's place in this send: 0 for the action sent, `n` for the `n`th one queued.
  func reduce(
    _ action: Action, at position: Int, into state: inout State, with reducer: (inout State, Action) -> Effect<Action>
  ) -> Effect<Action>

  /// Called once the queue is drained, before observers are notified.
  func finish()
}

/// The probe of a store without an inspector: reduces, and nothing more.
@usableFromInline
struct NoSendProbe<State, Action: Sendable>: SendProbe {
  @inlinable init() {}

  @inlinable
  func reduce(
    _ action: Action, at position: Int, into state: inout State, with reducer: (inout State, Action) -> Effect<Action>
  ) -> Effect<Action> {
    reducer(&state, action)
  }

  @inlinable func finish() {}
}

/// The probe of a store with inspectors: reports each action with its origin, the dependency
/// values the reducer draws, and the state after it.
@usableFromInline
struct InspectionSendProbe<State, Action: Sendable>: SendProbe {
  @usableFromInline let inspection: StoreInspection<State, Action>
  /// Where the action sent came from.
  @usableFromInline let origin: StoreEvent<State, Action>.ActionOrigin

  @inlinable
  init(_ inspection: StoreInspection<State, Action>, origin: StoreEvent<State, Action>.ActionOrigin) {
    self.inspection = inspection
    self.origin = origin
  }

  @inlinable
  func reduce(
    _ action: Action, at position: Int, into state: inout State, with reducer: (inout State, Action) -> Effect<Action>
  ) -> Effect<Action> {
    // A queued action has an origin on record unless a `.send` effect returned it.
    let origin =
      position == 0 ? origin : inspection.queuedOrigins.removeValue(forKey: position - 1) ?? .sendEffect
    inspection.currentAction = inspection.emit(.action(action, origin: origin))
    let before: State? = inspection.needsStateBefore ? state : nil
    let effect = ReducerDependencyReads.whileReducing(inspection) { reducer(&state, action) }
    inspection.emit(.state(before: before, after: state))
    return effect
  }

  @inlinable
  func finish() {
    inspection.queuedOrigins.removeAll()
    inspection.currentAction = nil
  }
}
