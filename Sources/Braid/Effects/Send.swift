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
  // Two references, so that a `Send` is cheap to copy and fits an existential's inline buffer
  // (the task-local that `Task.cancel(id:)` reads holds one without allocating).
  @usableFromInline let links: SendLinks<Action>
  /// The effect this `Send` belongs to: where its actions' effects join, the context nested
  /// effects start in, and whether it has ended.
  @usableFromInline let effect: EffectHandle

  @usableFromInline
  init(links: SendLinks<Action>, effect: EffectHandle) {
    self.links = links
    self.effect = effect
  }

  /// The context nested effects start in.
  var context: EffectContext { effect.context }

  /// Sends `action` to the store, unless the effect has been cancelled.
  ///
  /// - Parameter action: The action to deliver.
  public func callAsFunction(_ action: Action) async {
    guard let actor = await links.isolation.actor else { return }
    await deliver(action, on: actor)
  }

  /// Sends `actions` in order, in one hop onto the store's isolation: what a subscription's
  /// burst of client events costs.
  func callAsFunction(contentsOf actions: [Action]) async {
    guard let actor = await links.isolation.actor else { return }
    await deliver(contentsOf: actions, on: actor)
  }

  private func deliver(contentsOf actions: [Action], on actor: isolated any Actor) {
    for action in actions { deliver(action, on: actor) }
  }

  /// Checks for cancellation on the store's isolation, where effects are cancelled, so an
  /// action sent after a cancelling send was reduced is never delivered.
  private func deliver(_ action: Action, on actor: isolated any Actor) {
    guard !Task.isCancelled else { return }
    if effect.reportsLateSends, effect.hasEnded {
      reportMisuse(
        "An action was sent from an effect that had already completed: \(action). Send only while the Effect.run operation runs: a `send` escaped into an unstructured Task or a callback outlives the effect, so the store can neither wait for nor cancel what it sends. The action was dropped.",
        fileID: effect.fileID,
        line: effect.line
      )
      return
    }
    links.sink(action, effect)
  }

  /// A `Send` for child actions that embeds each into this one's action type.
  func map<Child: Sendable>(_ embed: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    let links = self.links
    let childLinks = SendLinks<Child>(
      sink: { links.sink(embed($0), $1) },
      starter: { effect, context in links.starter(effect.map(embed), context) },
      isolation: links.isolation
    )
    return Send<Child>(links: childLinks, effect: effect)
  }

  /// This `Send` with every effect it starts (through ``perform(_:)``) passed through
  /// `transform` first: how a described store describes what a running timed effect starts.
  func startingEffects(_ transform: @escaping @Sendable (Effect<Action>) -> Effect<Action>) -> Self {
    let links = self.links
    let transformed = SendLinks<Action>(
      sink: links.sink,
      starter: { effect, context in links.starter(transform(effect), context) },
      isolation: links.isolation
    )
    return Send(links: transformed, effect: effect)
  }

  /// Starts `effect` in this effect's context (its ids and cancellation) and waits until it
  /// finishes. Cancelling the waiting task cancels `effect`.
  func perform(_ effect: Effect<Action>) async {
    if effect.isNone || Task.isCancelled { return }
    let starter = links.starter
    let context = self.context
    guard let tasks = await links.isolation.run({ starter(effect, context) }) else { return }
    await withTaskCancellationHandler {
      for task in tasks { await task.value }
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }
}
