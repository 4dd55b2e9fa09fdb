import Synchronization

/// One effect task as its store tracks it: its place in the store's ``EffectRegistry`` (under the
/// cancellation keys it started with), its membership in the ``SendCascade`` of the send that
/// started it, and whether its operation has returned.
///
/// One object per task does what a registry entry, a cascade slot and a lifetime flag did apart:
/// starting and ending an effect costs one allocation and two lock acquisitions, and no hashing
/// beyond its cancellation keys.
@usableFromInline
final class EffectHandle: @unchecked Sendable {
  // @unchecked: the `let`s are immutable; every `var` is read and written only under the lock of
  // the registry that registers the handle, and `ended` is atomic. The lock also makes the
  // dynamic exclusivity checks of the `var`s redundant.

  /// The child-feature path the effect was started under.
  let path: [AnyHashableSendable]
  /// The cancellation keys of the context the effect was started in.
  let contextKeys: [CancellationKey]
  /// The key of the id the effect itself was made cancellable with, when the store started it
  /// from a `.cancellable` wrapping it directly (most cancellable effects): held apart from
  /// ``contextKeys`` so that one key takes no array (an allocation per effect).
  let key: CancellationKey?
  /// The store, for `Task.cancel(id:)` called inside the effect.
  let canceller: any EffectCanceller
  /// The client teardown of a subscription effect, run when the effect is cancelled.
  let teardown: SubscriptionTeardown?
  /// The cascade the task counts in from registration until it ends.
  let cascade: SendCascade?
  /// Whether a send made after the task ended is reported (an `Effect.run`'s is; a
  /// subscription's client may call back late, and those actions are dropped silently).
  let reportsLateSends: Bool
  /// Where a send made after the operation returned is reported.
  let fileID: StaticString
  let line: UInt
  /// Whether the task has ended (its operation returned, or it was cancelled and unwound).
  private let ended = Atomic(false)

  /// Set when the registry registers the task; never cleared (a task releases its closure, and
  /// with it this handle, when it completes, so the two do not keep each other alive).
  @exclusivity(unchecked) var task: Task<Void, Never>?
  /// Whether the task was registered before it ended: it then counts in ``cascade`` until it ends.
  @exclusivity(unchecked) var isJoined = false
  /// Whether the handle is in the registry's list and index (registered, not yet cancelled or
  /// ended).
  @exclusivity(unchecked) var isListed = false
  /// The registry's list of listed handles, in registration order.
  @exclusivity(unchecked) var next: EffectHandle?
  @exclusivity(unchecked) unowned(unsafe) var previous: EffectHandle?
  /// The store's inspection, when it has an inspector, and the effect's number there. Set
  /// before the task is created, read after.
  @exclusivity(unchecked) var inspection: (any EffectInspecting)?
  @exclusivity(unchecked) var inspectedEffect = 0
  /// Whether the effect's end (finished or cancelled) has been reported to ``inspection``: once,
  /// by whichever of its cancellation and its task's end comes first.
  private let endReported = Atomic(false)

  @usableFromInline
  init(
    context: EffectContext, key: CancellationKey? = nil, canceller: any EffectCanceller,
    teardown: SubscriptionTeardown? = nil, reportsLateSends: Bool, fileID: StaticString, line: UInt
  ) {
    self.path = context.path
    self.canceller = canceller
    self.contextKeys = context.keys
    self.key = key
    self.cascade = context.cascade
    self.teardown = teardown
    self.reportsLateSends = reportsLateSends
    self.fileID = fileID
    self.line = line
  }

  /// The context the effect was started in, for the effects it starts in turn.
  var context: EffectContext {
    var context = EffectContext(cascade: cascade)
    context.path = path
    context.keys = contextKeys
    if let key { context.keys.append(key) }
    context.parentEffect = inspectedEffect
    return context
  }

  /// Calls `body` with each cancellation key the effect was started under.
  @inline(__always)
  func forEachKey(_ body: (CancellationKey) -> Void) {
    for key in contextKeys { body(key) }
    if let key { body(key) }
  }

  /// Whether the task has ended; readable from any thread.
  var hasEnded: Bool { ended.load(ordering: .acquiring) }

  /// Marks the task ended. Called by the registry, under its lock.
  func markEnded() { ended.store(true, ordering: .releasing) }

  /// Cancels the task, after tearing a subscription's client down: the client has stopped by the
  /// time this returns.
  ///
  /// Teardown first: cancelling a subscription's task ends its drain on another thread, which
  /// tears the client down too. Were the task cancelled first, that thread could win the
  /// once-only teardown and still be running it when this returned.
  func stop() {
    teardown?.run()
    task?.cancel()
    if inspection != nil { reportEnd(cancelled: true) }
  }

  /// Reports to ``inspection``, if the store has one, that an attempt of the effect failed with
  /// `error` and attempt number `attempt` (from 2) starts.
  func reportRetry(attempt: Int, error: any Error) {
    inspection?.effectRetrying(inspectedEffect, path: path, attempt: attempt, error: error)
  }

  /// Reports the effect's end to ``inspection``, unless its end was already reported.
  func reportEnd(cancelled: Bool) {
    guard let inspection, !endReported.exchange(true, ordering: .acquiringAndReleasing) else { return }
    inspection.effectEnded(inspectedEffect, path: path, cancelled: cancelled)
  }
}
