/// Delivers actions from a running effect back to its store.
///
/// ``Effect/run(priority:operation:catch:fileID:line:)`` hands its operation a `Send`. Call it
/// like a function, from any context, with `await`:
///
/// ```swift
/// return .run { send in
///   await send(.response(try await api.load()))
/// }
/// ```
///
/// Sending is a no-op once the effect has been cancelled or its store has been released. Sending
/// after the operation has returned (through a `Send` escaped into another task) is reported
/// and dropped.
/// Sending hops to the store's isolation — the main actor for a ``Store``, the store's own actor
/// for a ``StoreActor`` — and reduces the action there.
public struct Send<Action: Sendable>: Sendable {
  /// Called on `isolation` only.
  let sink: @Sendable (Action, EffectCascade?) -> Void
  /// Called on `isolation` only.
  let starter: @Sendable (Effect<Action>, EffectContext) -> [Task<Void, Never>]
  let isolation: WeakIsolation
  let context: EffectContext

  init(
    sink: @escaping @Sendable (Action, EffectCascade?) -> Void,
    starter: @escaping @Sendable (Effect<Action>, EffectContext) -> [Task<Void, Never>],
    isolation: WeakIsolation,
    context: EffectContext
  ) {
    self.sink = sink
    self.starter = starter
    self.isolation = isolation
    self.context = context
  }

  /// Sends `action` to the store, unless the effect has been cancelled.
  ///
  /// - Parameter action: The action to deliver.
  public func callAsFunction(_ action: Action) async {
    guard let actor = await isolation.actor else { return }
    await deliver(action, on: actor)
  }

  /// Checks for cancellation on the store's isolation, where effects are cancelled, so an
  /// action sent after a cancelling send was reduced is never delivered.
  private func deliver(_ action: Action, on actor: isolated any Actor) {
    guard !Task.isCancelled else { return }
    if let lifetime = context.lifetime, lifetime.hasEnded {
      reportMisuse(
        "An action was sent from an effect that had already completed: \(action). Send only while the Effect.run operation runs: a `send` escaped into an unstructured Task or a callback outlives the effect, so the store can neither wait for nor cancel what it sends. The action was dropped.",
        fileID: lifetime.fileID,
        line: lifetime.line
      )
      return
    }
    sink(action, context.cascade)
  }

  /// A `Send` for child actions that embeds each into this one's action type.
  func map<Child: Sendable>(_ embed: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    let sink = self.sink
    let starter = self.starter
    return Send<Child>(
      sink: { sink(embed($0), $1) },
      starter: { effect, context in starter(effect.map(embed), context) },
      isolation: isolation,
      context: context
    )
  }

  /// Starts `effect` in this effect's context (its ids and cancellation) and waits until it
  /// finishes. Cancelling the waiting task cancels `effect`.
  func perform(_ effect: Effect<Action>) async {
    if effect.isNone || Task.isCancelled { return }
    let starter = self.starter
    let context = self.context
    guard let tasks = await isolation.run({ starter(effect, context) }) else { return }
    await withTaskCancellationHandler {
      for task in tasks { await task.value }
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }
}
