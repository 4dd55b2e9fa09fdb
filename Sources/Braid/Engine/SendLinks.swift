/// How a store's effects reach it: a sink for actions and a starter for nested effects, to be
/// called on ``isolation``, both holding the store weakly so running effects never keep it
/// alive. One per store (and one per ``Send/map(_:)``), shared by every ``Send``.
@usableFromInline
final class SendLinks<Action: Sendable>: Sendable {
  let sink: @Sendable (Action, EffectHandle) -> Void
  let starter: @Sendable (Effect<Action>, EffectContext) -> [Task<Void, Never>]
  let isolation: StoreIsolation

  init(
    sink: @escaping @Sendable (Action, EffectHandle) -> Void,
    starter: @escaping @Sendable (Effect<Action>, EffectContext) -> [Task<Void, Never>],
    isolation: StoreIsolation
  ) {
    self.sink = sink
    self.starter = starter
    self.isolation = isolation
  }

  convenience init<State>(_ store: StoreCore<State, Action>, isolation: StoreIsolation) {
    let reference = WeakReference(store)
    self.init(
      sink: { action, effect in reference.object?.send(action, from: effect) },
      starter: { effect, context in
        guard let store = reference.object else { return [] }
        var tasks: [Task<Void, Never>]? = []
        store.start(effect, context: context, into: &tasks)
        return tasks ?? []
      },
      isolation: isolation
    )
  }
}
