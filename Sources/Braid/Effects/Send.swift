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
@MainActor
public struct Send<Action: Sendable>: Sendable {
  let sink: @MainActor @Sendable (Action, EffectCascade?) -> Void
  let starter: @MainActor @Sendable (Effect<Action>, EffectContext) -> [Task<Void, Never>]
  let context: EffectContext

  nonisolated init(
    sink: @escaping @MainActor @Sendable (Action, EffectCascade?) -> Void,
    starter: @escaping @MainActor @Sendable (Effect<Action>, EffectContext) -> [Task<Void, Never>],
    context: EffectContext
  ) {
    self.sink = sink
    self.starter = starter
    self.context = context
  }

  /// Sends `action` to the store, unless the effect has been cancelled.
  ///
  /// - Parameter action: The action to deliver.
  public func callAsFunction(_ action: Action) {
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
  nonisolated func map<Child: Sendable>(_ embed: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    let sink = self.sink
    let starter = self.starter
    return Send<Child>(
      sink: { sink(embed($0), $1) },
      starter: { effect, context in starter(effect.map(embed), context) },
      context: context
    )
  }

  /// Starts `effect` in this effect's context (its ids and cancellation) and waits until it
  /// finishes. Cancelling the waiting task cancels `effect`.
  nonisolated func perform(_ effect: Effect<Action>) async {
    if effect.isNone || Task.isCancelled { return }
    let starter = self.starter
    let context = self.context
    let tasks = await MainActor.run { starter(effect, context) }
    await withTaskCancellationHandler {
      for task in tasks { await task.value }
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }
}
