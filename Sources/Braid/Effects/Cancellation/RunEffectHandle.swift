/// The handle of an `Effect.run` task, holding everything the task's body needs: the effect,
/// the store's send links, its registry and its tracker.
///
/// The task's closure captures this one object rather than the effect, the `Send`, the registry
/// and the tracker one by one: one retain instead of five when the task starts.
@usableFromInline
final class RunEffectHandle<Action: Sendable>: EffectHandle, @unchecked Sendable {
  // @unchecked: the added fields are immutable and `Sendable`.
  @usableFromInline let run: RunEffectBox<Action>
  @usableFromInline let links: SendLinks<Action>
  @usableFromInline let registry: EffectRegistry
  @usableFromInline let tracker: StoreTracker?

  @inlinable
  init(
    run: RunEffectBox<Action>, context: EffectContext, key: CancellationKey?, links: SendLinks<Action>,
    registry: EffectRegistry, tracker: StoreTracker?
  ) {
    self.run = run
    self.links = links
    self.registry = registry
    self.tracker = tracker
    super.init(
      context: context, key: key, canceller: links, reportsLateSends: true, fileID: run.fileID, line: run.line)
  }

  /// The `Send` the operation and its handler get.
  @inlinable
  var send: Send<Action> { Send(links: links, effect: self) }
}
