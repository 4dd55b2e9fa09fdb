/// Where an asynchronous part of an effect sits in the effect's structure: the cancellation ids
/// and child-feature components around it, outermost first.
package struct EffectLeafContext: Sendable {
  /// The ids of the `cancellable` wrappers around the part, and its own, outermost first.
  var cancellationIDs: [AnyHashableSendable] = []
  /// The components `forEach`, `ifLet` and `ifCaseLet` put around the part, outermost first.
  var path: [AnyHashableSendable] = []
  /// The timing operator that built the leaf, when it is a run one built (``EffectTiming``).
  package var timing: EffectTiming?

  /// ``cancellationIDs`` as printed (`"\(id)"`), as the inspection stream reports them.
  package var printedCancellationIDs: [String] { cancellationIDs.map { "\($0)" } }
}

extension Effect {
  /// This effect with every asynchronous part (``run(priority:operation:catch:fileID:line:)``
  /// and ``subscribe(_:catch:fileID:line:)``) replaced by `run` and `subscribe`, keeping the
  /// structure (merge, concatenation, cancellation, scoping, deferral) around them. Each is
  /// given the part's place in the structure.
  ///
  /// The one walk of an effect's structure behind `retry` and `observed(by:)`. `concatenate`,
  /// when given, handles a concatenation as a whole instead of descending into it.
  func transformingLeaves(
    run: @escaping @Sendable (RunEffectBox<Action>, EffectLeafContext) -> RunEffectBox<Action>,
    subscribe: @escaping @Sendable (SubscribeEffectBox<Action>, EffectLeafContext) -> SubscribeEffectBox<Action>,
    concatenate: (@Sendable ([Effect], EffectLeafContext) -> Effect)? = nil,
    context: EffectLeafContext = EffectLeafContext()
  ) -> Self {
    replacingLeaves(
      { leaf, context in
        if leaf.kind == .run {
          Self(box: run(unsafeDowncast(leaf, to: RunEffectBox<Action>.self), context))
        } else {
          Self(box: subscribe(unsafeDowncast(leaf, to: SubscribeEffectBox<Action>.self), context))
        }
      },
      concatenate: concatenate, context: context)
  }

  /// This effect with every asynchronous part (a ``RunEffectBox`` or a ``SubscribeEffectBox``)
  /// replaced by what `leaf` makes of it, which may be any effect: the walk behind
  /// ``transformingLeaves(run:subscribe:concatenate:context:)``. `command`, when given,
  /// replaces each client command (``EffectCommand``) too.
  func replacingLeaves(
    _ leaf: @escaping @Sendable (EffectBox<Action>, EffectLeafContext) -> Effect,
    concatenate: (@Sendable ([Effect], EffectLeafContext) -> Effect)? = nil,
    command: (@Sendable (EffectCommand, EffectLeafContext) -> Effect)? = nil,
    context: EffectLeafContext = EffectLeafContext()
  ) -> Self {
    guard case .boxed(let box) = storage else { return self }
    func descend(_ effect: Effect, _ context: EffectLeafContext) -> Effect {
      effect.replacingLeaves(leaf, concatenate: concatenate, command: command, context: context)
    }
    switch box.kind {
    case .send, .cancel:
      return self
    case .run:
      var inner = context
      let run = unsafeDowncast(box, to: RunEffectBox<Action>.self)
      if let id = run.cancelID { inner.cancellationIDs.append(id) }
      inner.timing = run.timing
      return leaf(box, inner)
    case .subscribe:
      return leaf(box, context)
    case .merge:
      let effects = unsafeDowncast(box, to: EffectListBox<Action>.self).effects
      return Self(box: EffectListBox(kind: .merge, effects.map { descend($0, context) }))
    case .concatenate:
      let effects = unsafeDowncast(box, to: EffectListBox<Action>.self).effects
      if let concatenate { return concatenate(effects, context) }
      return Self(
        box: EffectListBox(
          kind: .concatenate,
          effects.map { $0.replacingLeaves(leaf, command: command, context: context) }))
    case .cancellable:
      let cancellable = unsafeDowncast(box, to: CancellableEffectBox<Action>.self)
      var inner = context
      inner.cancellationIDs.append(cancellable.id)
      return Self(
        box: CancellableEffectBox(
          id: cancellable.id, cancelInFlight: cancellable.cancelInFlight, descend(cancellable.effect, inner)))
    case .scoped:
      let scoped = unsafeDowncast(box, to: ScopedEffectBox<Action>.self)
      var inner = context
      inner.path.append(scoped.component)
      return Self(box: ScopedEffectBox(scoped.component, descend(scoped.effect, inner)))
    case .deferred:
      let deferred = unsafeDowncast(box, to: DeferredEffectBox<Action>.self)
      if let command, let made = deferred.command { return command(made, context) }
      let build = deferred.build
      return Self(
        box: DeferredEffectBox(command: deferred.command) { start in
          build(start).replacingLeaves(leaf, concatenate: concatenate, command: command, context: context)
        })
    }
  }
}
