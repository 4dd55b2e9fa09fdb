import Braid

/// The ``StoreHooks`` of a test: the stores made while it is current count themselves and the
/// effect tasks they start, so a test can check that every one has ended when it ends; and a
/// `TestClock` advanced in the test waits for those effects to settle first.
///
/// Effect tasks are counted from the moment they are spawned until their operation returns,
/// whether it finished or was cancelled.
final class StoreTracker: StoreHooks {
  /// The tracker the stores made now report to, if the test tracks them.
  static var current: StoreTracker? { StoreHooksScope.current as? StoreTracker }

  /// Stores made under this tracker and not yet released.
  let liveStores = ResourceCount()

  /// Effect tasks of those stores that have not ended.
  let liveEffects = ResourceCount()

  /// The executor the effect tasks of stores made under this tracker run on, unless a test
  /// store gives them its own: it counts their jobs, so that ``settleEffects()`` can tell when
  /// they have settled.
  let executor = EffectExecutor()

  /// How long ``settleEffects()`` waits at most for one store's effects. A best effort: an
  /// effect blocking a thread for longer only makes the clock fall back on giving turns.
  static let settlingTimeLimit = Duration.seconds(5)

  /// The executors to settle, each with the actor its store's effects deliver to.
  private let settlements = SanitizerVisibleMutex<[Settlement]>([])

  init() {}

  var effectExecutor: (any TaskExecutor)? { executor }

  func storeOpened(isolation: StoreIsolation, actor: (any Actor)?) {
    liveStores.opened()
    // Counted, so that a TestClock advanced in the test waits for these effects to settle.
    addSettlement(executor: executor, isolation: isolation, actor: actor)
  }

  func storeClosed() { liveStores.closed() }

  func effectTaskStarted() { liveEffects.opened() }

  func effectTaskEnded() { liveEffects.closed() }

  /// Registers the effects of a store made under this tracker: they run on `executor` and
  /// deliver their actions on `isolation`.
  private func addSettlement(executor: EffectExecutor, isolation: StoreIsolation, actor: (any Actor)?) {
    let settlement = Settlement(executor: executor, isolation: isolation, actor: actor.map(ObjectIdentifier.init))
    settlements.withLock { settlements in
      // Stores on one actor sharing the executor settle as one: a test making a thousand main
      // actor stores settles once, not a thousand times.
      settlements.removeAll { $0.executor == nil }
      guard !settlements.contains(where: { $0.isSameWait(as: settlement) }) else { return }
      settlements.append(settlement)
    }
  }

  /// Registers the effects of a test store: they run on `executor` and deliver on `actor`.
  func addSettlement(executor: EffectExecutor, actor: any Actor) {
    addSettlement(executor: executor, isolation: StoreIsolation(actor), actor: actor)
  }

  /// Waits until the effects of the stores made under this tracker have settled: none is
  /// queued or running, and the actions they sent have been delivered (see
  /// ``EffectExecutor/settle(on:timeout:)``). Gives up on one store's effects after
  /// ``settlingTimeLimit`` or the executor's job budget, silently: the caller, a clock, then
  /// only gives turns as it does outside a tracked test.
  func settleEffects() async {
    let current = settlements.withLock { $0 }
    for settlement in current {
      guard let executor = settlement.executor, let actor = settlement.isolation.boundActor else { continue }
      _ = await executor.settle(on: actor, timeout: Self.settlingTimeLimit)
    }
  }

  /// One executor to settle and the actor its effects deliver to.
  private struct Settlement: Sendable {
    weak var executor: EffectExecutor?
    let isolation: StoreIsolation
    /// The actor when known at registration, to recognise the same wait registered twice.
    let actor: ObjectIdentifier?

    init(executor: EffectExecutor, isolation: StoreIsolation, actor: ObjectIdentifier?) {
      self.executor = executor
      self.isolation = isolation
      self.actor = actor
    }

    func isSameWait(as other: Settlement) -> Bool {
      guard let executor, executor === other.executor else { return false }
      if let actor, let otherActor = other.actor { return actor == otherActor }
      return isolation === other.isolation
    }
  }
}
