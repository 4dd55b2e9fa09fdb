extension Effect {
  /// A run a timing operator built (a debounce's or a throttle's wait), run as it is, on the
  /// clock it was given, by a store whose other effects are described: its start, cancellation
  /// and end are recorded in `record` as a described part's are, and every effect it starts once
  /// its wait is over is described in turn, in its place (its cancellation ids), labelled as
  /// started by it.
  ///
  /// Made of two parts under the run's own cancellation id: a stand-in subscription that records
  /// the start synchronously as the store starts it (and its cancellation, when the id is
  /// cancelled), and the run itself, which completes the stand-in when its operation returns.
  static func timedPart(
    _ run: RunEffectBox<Action>, _ context: EffectLeafContext, record: DescribedEffects<Action>,
    startedBy: @escaping @Sendable () -> String
  ) -> Self {
    let standIn = SanitizerVisibleMutex<(effect: DescribedEffect, subscriber: EffectSubscriber<Action>)?>(nil)
    let marker = Self(
      box: SubscribeEffectBox(
        body: { subscriber in
          let started = record.started(.run, context: context, subscriber: subscriber, startedBy: startedBy())
          standIn.withLock { $0 = (started.effect, subscriber) }
          return started.teardown
        },
        handler: nil, fileID: run.fileID, line: run.line, standsInForRun: true, timing: context.timing))
    let inside = {
      var inside = context
      inside.timing = nil
      return inside
    }()
    let describing: @Sendable (Send<Action>) -> Send<Action> = { send in
      let label = standIn.withLock { $0.map { "effect #\($0.effect.number)" } } ?? "a timed effect"
      return send.startingEffects { $0.described(into: record, runningTiming: true, context: inside, startedBy: label) }
    }
    let body = run.body
    let complete: @Sendable () -> Void = {
      if let started = standIn.withLock({ $0 }), case .success = record.complete(started.effect) {
        started.subscriber.send(completion: .finished)
      }
    }
    let waiting: @concurrent @Sendable (Send<Action>) async throws -> Void = { send in
      defer { complete() }
      try await body(describing(send))
    }
    var handling: (@concurrent @Sendable (any Error, Send<Action>) async -> Void)?
    if let handler = run.handler {
      handling = { error, send in await handler(error, describing(send)) }
    }
    let waiter = RunEffectBox<Action>(
      priority: run.priority, body: waiting, handler: handling, fileID: run.fileID, line: run.line,
      dependencies: run.dependencies)
    let both = Self(box: EffectListBox(kind: .merge, [marker, Self(box: waiter)]))
    guard let id = run.cancelID else { return both }
    return Self(box: CancellableEffectBox(id: id, cancelInFlight: run.cancelInFlight, both))
  }
}
