/// One thing a store did, as a ``StoreInspector`` receives it.
public struct StoreEvent<State, Action: Sendable> {
  /// Creates an event, as a store does; for testing an inspector by feeding it events.
  ///
  /// - Parameters:
  ///   - sequence: Its place in the stream, from 1.
  ///   - time: When it happened, on the inspector's clock.
  ///   - path: The child feature it concerns; ``FeaturePath/root`` for the store's root.
  ///   - kind: What happened.
  @inlinable
  public init(sequence: UInt64, time: Duration, path: FeaturePath = .root, kind: Kind) {
    self.sequence = sequence
    self.time = time
    self.path = path
    self.kind = kind
  }

  /// The event's place in the store's stream: 1 for the first, one more for each next.
  public let sequence: UInt64
  /// When it happened, on the inspector's clock, since the inspector was made.
  public let time: Duration
  /// The child feature the event concerns; the root for actions and states, which are the
  /// store's own.
  public let path: FeaturePath
  /// What happened.
  public let kind: Kind

  /// What a store did.
  public enum Kind {
    /// The store is about to reduce `action`, which came from `origin`.
    case action(Action, origin: ActionOrigin)
    /// While reducing the last action, the reducer drew `read` from a dependency.
    case dependencyRead(DependencyRead)
    /// The reducer has run: `after` is the state now; `before` the state before the action when
    /// the inspector asked for it (``StoreInspector/needsStateBefore``), else `nil`.
    case state(before: State?, after: State)
    /// An effect the last action's reducer returned has started.
    case effectStarted(EffectStart)
    /// The effect numbered `effect` has finished on its own.
    case effectFinished(effect: Int)
    /// The effect numbered `effect` was cancelled: by a `.cancel(id:)`, a `cancelInFlight`, a
    /// dismount, its child feature's removal, its cascade's cancellation or the store's release.
    case effectCancelled(effect: Int)
    /// The effect numbered `effect` failed with `error`; its `catch:` handler, if any, runs next.
    case effectFailed(effect: Int, error: any Error)
    /// An attempt of the effect numbered `effect`, made with ``Effect/retry(_:)``, failed with
    /// `error`, and the effect runs again: `attempt` is the attempt about to start, 2 for the
    /// first retry. Until it starts, the effect is still running.
    case effectRetrying(effect: Int, attempt: Int, error: any Error)
    /// A long-lived effect's client resource was inserted, commanded or torn down.
    case resource(ResourceChange)
    /// The store was created and its mount hooks started.
    case mounted
    /// The store was dismounted.
    case dismounted
    /// The store is being released: the cancellations of the effects it still ran follow, then
    /// ``released``.
    case releasing
    /// The store was released; its running effects have been cancelled.
    case released
  }

  /// Where an action came from.
  public enum ActionOrigin: Sendable, Hashable, CustomStringConvertible {
    /// Sent to the store from outside (`store.send`).
    case external
    /// Sent by a store scoped from this one (`store.scope(…)`, a `ScopedStoreActor`).
    case scopedStore
    /// Returned by a reducer as a `.send` effect.
    case sendEffect
    /// Sent by the running effect numbered `effect`.
    case effect(Int)
    /// Sent by the effect numbered `effect`, which the store's mount hook started.
    case mountHook(effect: Int)
    /// Sent by the effect numbered `effect`, which the store's dismount hook started.
    case dismountHook(effect: Int)
    /// Not known: a reducer's ``Reducer/inspect(_:)`` sees each action its reducer reduces, not
    /// where the action came from. A store's own inspector always knows.
    case unknown

    public var description: String {
      switch self {
      case .external: "external"
      case .sendEffect: ".send"
      case .scopedStore: "scoped store"
      case .effect(let effect): "effect \(effect)"
      case .mountHook(let effect): "mount hook's effect \(effect)"
      case .dismountHook(let effect): "dismount hook's effect \(effect)"
      case .unknown: "origin unknown"
      }
    }
  }

  /// The store's lifecycle hooks.
  public enum Hook: Sendable, Hashable {
    /// ``Reducer/onMount(_:)``: the store was created.
    case mount
    /// ``Reducer/onDismount(_:)``: the store was dismounted.
    case dismount
  }

  /// An effect as it starts.
  public struct EffectStart: Sendable, Hashable {
    /// The effect's number in this store: 1 for the first, one more for each next.
    public let effect: Int
    /// What kind of effect it is.
    public let kind: EffectKind
    /// The cancellation ids it runs under, as printed, innermost last.
    public let cancellationIDs: [String]
    /// The sequence number of the action whose reducer returned it, or `nil` for a mount or
    /// dismount hook's effect and for an effect another effect started.
    public let action: UInt64?
    /// The number of the effect whose task started this one (as `debounce` starts the effect it
    /// delays, or `Send.perform` any effect), or `nil` when a reducer or a hook returned it.
    public let parentEffect: Int?
    /// The timing operator that built it (a `debounce`'s wait, a `throttle`'s), or `nil`.
    public let timing: EffectTiming?
  }

  /// The kind of a running effect.
  public enum EffectKind: String, Sendable, Hashable {
    /// An `Effect.run`.
    case run
    /// An `Effect.subscribe`.
    case subscribe
    /// The part of an `Effect.concatenate` that runs in a task, one effect after another.
    case concatenation
  }
}

extension StoreEvent: Sendable where State: Sendable, Action: Sendable {}
extension StoreEvent.Kind: Sendable where State: Sendable, Action: Sendable {}

extension StoreEvent: CustomStringConvertible {
  /// The event on one line: its sequence number, path and kind.
  public var description: String {
    let place = path.isRoot ? "" : " \(path)"
    return "#\(sequence)\(place) \(kind)"
  }
}

extension StoreEvent.Kind: CustomStringConvertible {
  /// The kind on one line: actions as `ValueDump` renders them; states are named, not dumped.
  public var description: String {
    switch self {
    case .action(let action, let origin): "action \(ValueDump.dump(action)) (\(origin))"
    case .state(let before, _): before == nil ? "state" : "state (with before)"
    case .effectStarted(let start):
      "effect \(start.effect) started: \(start.kind.rawValue)"
        + (start.cancellationIDs.isEmpty ? "" : " id \(start.cancellationIDs.joined(separator: "/"))")
        + (start.action.map { " by #\($0)" } ?? "")
        + (start.parentEffect.map { " in effect \($0)" } ?? "")
        + (start.timing.map { " (\($0))" } ?? "")
    case .effectFinished(let effect): "effect \(effect) finished"
    case .effectCancelled(let effect): "effect \(effect) cancelled"
    case .effectFailed(let effect, let error): "effect \(effect) failed: \(error)"
    case .effectRetrying(let effect, let attempt, let error):
      "effect \(effect) retrying (attempt \(attempt)) after: \(error)"
    case .resource(let change): "resource \(change)"
    case .dependencyRead(let read): "read \(read)"
    case .mounted: "mounted"
    case .dismounted: "dismounted"
    case .releasing: "releasing"
    case .released: "released"
    }
  }
}
