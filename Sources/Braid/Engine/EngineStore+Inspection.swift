extension EngineStore {
  /// ``send(_:)`` from outside, in a store with an inspector.
  @usableFromInline
  @inline(never)
  func sendInspected(_ action: Action, origin: StoreEvent<State, Action>.ActionOrigin) -> StoreTask {
    sendInspected(action, origin: origin, joining: nil, inspection.unsafelyUnwrapped)
  }

  /// ``send(_:)`` of a store with an inspector: the same send loop, reporting each action with
  /// its origin, the state after it and the effects it starts. Apart from the plain loop, so that
  /// a store without an inspector pays one check per send for the feature.
  @inlinable
  func sendInspected(
    _ action: Action,
    origin: StoreEvent<State, Action>.ActionOrigin,
    joining joined: EngineCascade?,
    _ inspection: EngineInspection<State, Action>
  ) -> StoreTask {
    if isSending {
      // The index the action takes: the queue is only emptied when the outermost send ends.
      inspection.queuedOrigins[queue.count] = origin
      queue.append(action)
      return .empty
    }
    return DependencyValues.withStoreValues(dependencyScope) {
      drainInspected(action, origin: origin, joining: joined, inspection)
    }
  }

  /// ``drain(_:joining:)`` with the inspector's events.
  @inlinable
  func drainInspected(
    _ action: Action,
    origin: StoreEvent<State, Action>.ActionOrigin,
    joining joined: EngineCascade?,
    _ inspection: EngineInspection<State, Action>
  ) -> StoreTask {
    isSending = true
    var cascade = joined
    var next = action
    var nextOrigin = origin
    var index = 0
    while true {
      inspection.currentAction = inspection.emit(.action(next, origin: nextOrigin))
      let before: State? = inspection.needsStateBefore ? state : nil
      let effect = EngineDependencyReads.whileReducing(inspection) { reducer(&state, next) }
      inspection.emit(.state(before: before, after: state))
      switch effect.storage {
      case .none: break
      case .send(let action): queue.append(action)
      case .boxed(let box):
        if cascade == nil, !box.isSynchronous { cascade = EngineCascade(registry: registry) }
        var tasks: [Task<Void, Never>]? = nil
        start(box, context: EngineEffectContext(cascade: cascade), into: &tasks)
      }
      guard index < queue.count else { break }
      next = queue[index]
      // Queued without an origin: returned by a `.send` effect.
      nextOrigin = inspection.queuedOrigins.removeValue(forKey: index) ?? .sendEffect
      index += 1
    }
    if index > 0 { queue.removeAll(keepingCapacity: true) }
    inspection.queuedOrigins.removeAll()
    inspection.currentAction = nil
    isSending = false
    if !observers.isEmpty { notifyObservers() }
    return joined == nil ? StoreTask(cascade: cascade) : .empty
  }

  /// Attaches `inspector`, from the next event on, until the token removes it. Effects already
  /// running when the store's first inspector is attached are not reported.
  func addInspector(_ inspector: StoreInspector<State, Action>) -> InspectorToken {
    if let inspection { return inspection.add(inspector) }
    let inspection = EngineInspection<State, Action>()
    self.inspection = inspection
    return inspection.add(inspector)
  }

  /// Numbers the effect of `handle`, which is starting, and reports its start.
  @usableFromInline
  func inspectStart(
    of handle: EngineEffectHandle,
    _ kind: StoreEvent<State, Action>.EffectKind,
    context: EngineEffectContext,
    key: EngineCancellationKey?
  ) {
    guard let inspection else { return }
    handle.inspection = inspection
    handle.inspectedEffect = inspection.effectStarted(kind, context: context, key: key)
  }
}
