import Synchronization

/// What a running effect's handle tells its store's inspection when the effect ends, fails or
/// is cancelled, whatever the store's state and action types.
@usableFromInline
protocol EffectInspecting: AnyObject, Sendable {
  func effectEnded(_ effect: Int, path: [AnyHashableSendable], cancelled: Bool)
  func effectFailed(_ effect: Int, path: [AnyHashableSendable], error: any Error)
  func effectRetrying(_ effect: Int, path: [AnyHashableSendable], attempt: Int, error: any Error)
  func resourceChanged(_ change: ResourceChange, path: [AnyHashableSendable])
  func dependencyRead(_ read: DependencyRead)
}

/// A store's inspectors as the engine drives them: numbers effects, delivers events through an
/// ``InspectionDelivery``, and remembers where queued actions came from.
@usableFromInline
final class StoreInspection<State, Action: Sendable>: EffectInspecting, @unchecked Sendable {
  // @unchecked: `delivery`, `hookEffects` and the atomic are thread-safe; `queuedOrigins`,
  // `currentAction` and `startingHook` are touched only on the store's isolation, inside its
  // sends, mount and dismount.
  @usableFromInline let delivery = InspectionDelivery<State, Action>()
  private let lastEffect = Atomic<Int>(0)
  /// Origins of queued actions that did not come from a `.send` effect, by queue index.
  @usableFromInline var queuedOrigins: [Int: StoreEvent<State, Action>.ActionOrigin] = [:]
  /// The sequence number of the action being reduced, for the effects it returns.
  @usableFromInline var currentAction: UInt64?
  /// The hook whose effects are starting, set by the store's mount and dismount.
  var startingHook: StoreEvent<State, Action>.Hook?
  /// The running effects a mount or dismount hook started, by number.
  // Sanitizer-visible: effects of two threads end here at once, and TSan cannot see `Mutex`.
  private let hookEffects = SanitizerVisibleMutex<[Int: StoreEvent<State, Action>.Hook]>([:])

  @usableFromInline
  init() {}

  convenience init(_ inspector: StoreInspector<State, Action>) {
    self.init()
    _ = delivery.add(inspector)
  }

  @inlinable
  var needsStateBefore: Bool { delivery.needsStateBefore }

  /// Attaches `inspector` until the returned token removes it.
  func add(_ inspector: StoreInspector<State, Action>) -> InspectorToken {
    let id = delivery.add(inspector)
    // Weakly: an inspector that keeps its own token (a class it captures holds it) would
    // otherwise keep the delivery, and itself, alive after the store is gone.
    return InspectorToken { [weak delivery] in delivery?.remove(id) }
  }

  /// Delivers an event of `kind` about `path`, and returns its sequence number.
  @inlinable
  @discardableResult
  func emit(_ kind: StoreEvent<State, Action>.Kind, path: [AnyHashableSendable] = []) -> UInt64 {
    delivery.emit(kind, path: path)
  }

  /// The number of the next effect.
  func nextEffectNumber() -> Int {
    lastEffect.add(1, ordering: .relaxed).newValue
  }

  /// Where an action the effect numbered `effect` sends comes from.
  @usableFromInline
  func origin(of effect: Int) -> StoreEvent<State, Action>.ActionOrigin {
    switch hookEffects.withLock({ $0[effect] }) {
    case .mount?: .mountHook(effect: effect)
    case .dismount?: .dismountHook(effect: effect)
    case nil: .effect(effect)
    }
  }

  /// Numbers an effect that is starting and reports its start.
  func effectStarted(
    _ kind: StoreEvent<State, Action>.EffectKind, context: EffectContext, key: CancellationKey?,
    timing: EffectTiming? = nil
  ) -> Int {
    let effect = nextEffectNumber()
    var ids = context.keys.map { "\($0.id)" }
    if let key { ids.append("\(key.id)") }
    if let startingHook { hookEffects.withLock { $0[effect] = startingHook } }
    emit(
      .effectStarted(
        .init(
          effect: effect, kind: kind, cancellationIDs: ids, action: currentAction,
          parentEffect: context.parentEffect == 0 ? nil : context.parentEffect, timing: timing)),
      path: context.path)
    return effect
  }

  @usableFromInline
  func effectEnded(_ effect: Int, path: [AnyHashableSendable], cancelled: Bool) {
    hookEffects.withLock { _ = $0.removeValue(forKey: effect) }
    emit(cancelled ? .effectCancelled(effect: effect) : .effectFinished(effect: effect), path: path)
  }

  @usableFromInline
  func effectFailed(_ effect: Int, path: [AnyHashableSendable], error: any Error) {
    emit(.effectFailed(effect: effect, error: error), path: path)
  }

  @usableFromInline
  func dependencyRead(_ read: DependencyRead) {
    emit(.dependencyRead(read))
  }

  @usableFromInline
  func resourceChanged(_ change: ResourceChange, path: [AnyHashableSendable]) {
    emit(.resource(change), path: path)
  }

  @usableFromInline
  func effectRetrying(_ effect: Int, path: [AnyHashableSendable], attempt: Int, error: any Error) {
    emit(.effectRetrying(effect: effect, attempt: attempt, error: error), path: path)
  }
}
