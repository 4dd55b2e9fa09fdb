/// The handle of an `Effect.run` task, holding what the task's body needs besides the effect
/// itself: the store's send links, its registry and its tracker.
///
/// It does not hold the effect: a `Send` escaped from the operation keeps its handle alive, and a
/// handle holding the operation would make a cycle of any object that the operation captures
/// and that keeps the `Send` (a client storing its callback).
@usableFromInline
final class RunEffectHandle<Action: Sendable>: EffectHandle, @unchecked Sendable {
  // @unchecked: the added fields are immutable and `Sendable`.
  @usableFromInline let links: SendLinks<Action>
  @usableFromInline let registry: EffectRegistry
  @usableFromInline let tracker: StoreTracker?

  @inlinable
  init(
    run: RunEffectBox<Action>, context: EffectContext, key: CancellationKey?, links: SendLinks<Action>,
    registry: EffectRegistry, tracker: StoreTracker?
  ) {
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
