extension Effect {
  /// This effect with every asynchronous part described instead of run: effects as data, for a
  /// test that asserts which effects started and answers them itself.
  ///
  /// Each `run` and `subscribe` becomes a subscription whose client is `describe`: called
  /// synchronously on the store's isolation as the store starts the part, in start order, with
  /// the part's kind, its place in the effect's structure and the subscriber its answers go
  /// through. The cancellable it returns is torn down synchronously when the part is cancelled
  /// (by `.cancel(id:)`, `cancelInFlight` or the store going away) and when the subscriber
  /// completes. Everything around the parts (merges, concatenations, cancellation ids, child
  /// scopes, throttling) is kept, so the store cancels and scopes described parts as it would
  /// the real ones. Operations, `catch:` handlers and retries are dropped: nothing of the part
  /// runs.
  ///
  /// A client command (``EffectResources/command(_:fileID:line:perform:)``) has no resource to
  /// run on, since the effect that would have made it is described: `command` is called with it
  /// and the scope it starts in, in start order, and returns whether a described part holds its
  /// id there. When none does, the command reports the issue it reports when run.
  package func described(
    by describe:
      @escaping @Sendable (EffectObserver.Part, EffectLeafContext, EffectSubscriber<Action>) ->
      AnyCancellable,
    command: @escaping @Sendable (EffectCommand, EffectScope) -> Bool
  ) -> Self {
    described(by: describe, command: command, timed: nil, context: EffectLeafContext())
  }

  /// ``described(by:command:)``, where `timed`, when given, makes what it likes of each run a
  /// timing operator built (its context has a timing) instead; `context` is the place the whole
  /// effect starts in.
  func described(
    by describe:
      @escaping @Sendable (EffectObserver.Part, EffectLeafContext, EffectSubscriber<Action>) ->
      AnyCancellable,
    command: @escaping @Sendable (EffectCommand, EffectScope) -> Bool,
    timed: (@Sendable (RunEffectBox<Action>, EffectLeafContext) -> Self)?,
    context: EffectLeafContext
  ) -> Self {
    replacingLeaves(
      { leaf, context in
        if let timed, leaf.kind == .run, context.timing != nil {
          return timed(unsafeDowncast(leaf, to: RunEffectBox<Action>.self), context)
        }
        return Self.describedPart(leaf, context, describe)
      },
      command: { made, _ in
        Self(
          box: DeferredEffectBox(command: made) { start in
            if command(made, start.scope) {
              start.scope.reporter?.report(
                .commanded, resource: made.resource, id: made.printedID, path: start.scope.path)
            } else {
              made.reportNoResource()
            }
            return .none
          })
      },
      context: context)
  }

  /// This effect described into `record`: each part's start, cancellation and commands are
  /// recorded there, the part labelled `startedBy` (the action or hook that returned it).
  /// `startedBy` is evaluated only when a part starts: most actions start none.
  ///
  /// With `runningTiming`, the runs a timing operator built (a debounce's or a throttle's wait)
  /// run instead, on the store's clock, recorded as described parts that end by themselves;
  /// what they start once their wait is over is described in turn (see
  /// `timedPart(_:_:record:startedBy:)`).
  package func described(
    into record: DescribedEffects<Action>, runningTiming: Bool = false,
    context: EffectLeafContext = EffectLeafContext(),
    startedBy: @escaping @Sendable @autoclosure () -> String
  ) -> Self {
    var timed: (@Sendable (RunEffectBox<Action>, EffectLeafContext) -> Self)?
    if runningTiming {
      timed = { run, context in Self.timedPart(run, context, record: record, startedBy: startedBy) }
    }
    return described(
      by: { part, context, subscriber in
        record.start(part, context: context, subscriber: subscriber, startedBy: startedBy())
      },
      command: { command, scope in record.command(command, in: scope) },
      timed: timed,
      context: context)
  }

  /// The stand-in for one asynchronous part: a subscription whose client is `describe`.
  private static func describedPart(
    _ leaf: EffectBox<Action>, _ context: EffectLeafContext,
    _ describe:
      @escaping @Sendable (EffectObserver.Part, EffectLeafContext, EffectSubscriber<Action>) ->
      AnyCancellable
  ) -> Self {
    let kind: EffectObserver.Part = leaf.kind == .run ? .run : .subscribe
    let (fileID, line) = Self.site(of: leaf)
    let described = Self(
      box: SubscribeEffectBox(
        body: { subscriber in describe(kind, context, subscriber) }, handler: nil, fileID: fileID, line: line,
        standsInForRun: kind == .run, timing: kind == .run ? context.timing : nil))
    // A run's own cancellation id (a `.run { … }.cancellable(id:)` folded into the run) is
    // kept around its stand-in, so cancelling by that id still reaches it.
    guard leaf.kind == .run else { return described }
    let run = unsafeDowncast(leaf, to: RunEffectBox<Action>.self)
    guard let id = run.cancelID else { return described }
    return Self(box: CancellableEffectBox(id: id, cancelInFlight: run.cancelInFlight, described))
  }

  private static func site(of leaf: EffectBox<Action>) -> (StaticString, UInt) {
    if leaf.kind == .run {
      let run = unsafeDowncast(leaf, to: RunEffectBox<Action>.self)
      return (run.fileID, run.line)
    }
    let subscription = unsafeDowncast(leaf, to: SubscribeEffectBox<Action>.self)
    return (subscription.fileID, subscription.line)
  }
}
