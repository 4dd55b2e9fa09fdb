extension StoreCore {
  /// ``send(_:)`` from outside, in a store with an inspector.
  @usableFromInline
  @inline(never)
  func sendInspected(_ action: Action, origin: StoreEvent<State, Action>.ActionOrigin) -> StoreTask {
    sendInspected(action, origin: origin, joining: nil, inspection.unsafelyUnwrapped)
  }

  /// ``send(_:)`` of a store with an inspector: the one send loop with an
  /// ``InspectionSendProbe``, reporting each action with its origin, the state after it and the
  /// effects it starts. Apart from the plain entry, so that a store without an inspector pays
  /// one check per send for the feature.
  @inlinable
  func sendInspected(
    _ action: Action,
    origin: StoreEvent<State, Action>.ActionOrigin,
    joining joined: SendCascade?,
    _ inspection: StoreInspection<State, Action>
  ) -> StoreTask {
    if isSending {
      // The index the action takes: the queue is only emptied when the outermost send ends.
      inspection.queuedOrigins[queue.count] = origin
      queue.append(action)
      return .empty
    }
    return DependencyValues.withStoreValues(dependencyScope) {
      drain(action, joining: joined, InspectionSendProbe(inspection, origin: origin))
    }
  }

  /// Attaches `inspector`, from the next event on, until the token removes it. Effects already
  /// running when the store's first inspector is attached are not reported.
  func addInspector(_ inspector: StoreInspector<State, Action>) -> InspectorToken {
    let inspector = inspector.attached(to: dependencyScope?.values)
    if let inspection { return inspection.add(inspector) }
    let inspection = StoreInspection<State, Action>()
    self.inspection = inspection
    return inspection.add(inspector)
  }

  /// Numbers the effect of `handle`, which is starting, and reports its start.
  @usableFromInline
  func inspectStart(
    of handle: EffectHandle,
    _ kind: StoreEvent<State, Action>.EffectKind,
    context: EffectContext,
    key: CancellationKey?,
    timing: EffectTiming? = nil
  ) {
    guard let inspection else { return }
    handle.inspection = inspection
    handle.inspectedEffect = inspection.effectStarted(kind, context: context, key: key, timing: timing)
  }
}
