extension Effect {
  /// An effect that sends `transform(action)` for every action this one sends.
  ///
  /// This is how a parent embeds a child feature's effects: `childEffect.map(Action.child)`.
  ///
  /// - Parameter transform: Turns this effect's actions into the new action type.
  /// - Returns: The transformed effect; ``none`` stays ``none`` at no cost.
  @inlinable
  public func map<NewAction: Sendable>(_ transform: @escaping @Sendable (Action) -> NewAction) -> Effect<NewAction> {
    if isNone { return .none }
    return mapOperations(transform)
  }

  @usableFromInline
  func mapOperations<NewAction: Sendable>(_ transform: @escaping @Sendable (Action) -> NewAction) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let run):
      return Effect<NewAction>(operation: .run(run.map(transform)))
    case .subscribe(let subscription):
      return Effect<NewAction>(operation: .subscribe(subscription.map(transform)))
    case .merge(let effects):
      return Effect<NewAction>(operation: .merge(effects.map { $0.mapOperations(transform) }))
    case .concatenate(let effects):
      return Effect<NewAction>(operation: .concatenate(effects.map { $0.mapOperations(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewAction>(
        operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.mapOperations(transform)))
    case .cancel(let id):
      return Effect<NewAction>(operation: .cancel(id: id))
    case .scoped(let component, let effect):
      return Effect<NewAction>(operation: .scoped(component, effect.mapOperations(transform)))
    case .deferred(let build):
      return Effect<NewAction>(operation: .deferred { start in build(start).map(transform) })
    }
  }
}
