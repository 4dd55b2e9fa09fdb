extension RootStore {
  /// Starts `effect`: synchronous parts happen now, asynchronous parts become tasks registered
  /// in ``registry`` (under the cancellation keys of `context`) and, when `tasks` is not `nil`,
  /// appended to it.
  ///
  /// Inlinable so the dispatch is specialized: unspecialized, each `switch` looked up the generic
  /// metadata of `Effect.Operation` (a `.send` chain measured 198 ns per action).
  @inlinable
  func start(_ effect: Effect<Action>, context: EffectContext, into tasks: inout [Task<Void, Never>]?) {
    // Matched in place: copying the operation out (`effect.operation`) went through the enum's
    // generic value witnesses, twice per effect.
    let box: EffectBox<Action>
    switch effect.storage {
    case .none: return
    case .send(let action):
      _ = send(action)
      return
    case .boxed(let boxed): box = boxed
    }
    switch box.operation {
    case .none:
      return
    case .send(let action):
      _ = send(action)
    case .run(let run):
      // Started first: `tasks?.append(startRun(…))` would not start it when `tasks` is nil.
      let task = startRun(run, context: context)
      tasks?.append(task)
    case .subscribe(let subscription):
      let task = startSubscription(subscription, context: context)
      tasks?.append(task)
    case .merge(let effects):
      for effect in effects {
        start(effect, context: context, into: &tasks)
      }
    case .concatenate(let effects):
      // Effects that need no waiting run now, in order; the rest, from the first that waits,
      // run one after another in a task.
      var index = effects.startIndex
      while index < effects.endIndex, effects[index].isSynchronous {
        start(effects[index], context: context, into: &tasks)
        index += 1
      }
      if index < effects.endIndex {
        let task = startConcatenation(Array(effects[index...]), context: context)
        tasks?.append(task)
      }
    case .cancellable(let id, let cancelInFlight, let effect):
      let key = context.key(for: id)
      if cancelInFlight { registry.cancel(key) }
      var context = context
      context.keys.append(key)
      start(effect, context: context, into: &tasks)
    case .cancel(let id):
      registry.cancel(context.key(for: id))
    case .scoped(let component, let effect):
      var context = context
      context.path.append(component)
      start(effect, context: context, into: &tasks)
    case .deferred(let build):
      start(
        build(EffectStart(context: context, throttles: throttles, store: ObjectIdentifier(registry))),
        context: context, into: &tasks)
    }
  }

  /// A ``Send`` for effects started in `context` that delivers to this store while it exists.
  func makeSend(context: EffectContext) -> Send<Action> {
    Send(sink: sendLinks.sink, starter: sendLinks.starter, isolation: sendLinks.isolation, context: context)
  }

  /// Runs `effects` one after another in one task.
  @usableFromInline
  func startConcatenation(_ effects: [Effect<Action>], context: EffectContext) -> Task<Void, Never> {
    let sequence = RunOperation<Action>(
      priority: nil,
      operation: { send in
        for effect in effects {
          guard !Task.isCancelled else { return }
          await send.perform(effect)
        }
      },
      handler: nil,
      fileID: #fileID,
      line: #line
    )
    return startRun(sequence, context: context)
  }

  @usableFromInline
  func startRun(_ run: RunOperation<Action>, context: EffectContext) -> Task<Void, Never> {
    let registry = self.registry
    let handle = EffectHandle(keys: context.keys, cascade: context.cascade, fileID: run.fileID, line: run.line)
    var context = context
    context.lifetime = handle
    let send = makeSend(context: context)
    let task = Self.spawn(priority: run.priority, on: effectExecutor, tracker: tracker) {
      defer { registry.end(handle) }
      do {
        try await RunningEffect.$current.withValue(send) {
          if run.dependencies.isDefault, DependencyValues.current.isDefault {
            try await run.operation(send)
          } else {
            try await DependencyValues.$current.withValue(run.dependencies) {
              try await run.operation(send)
            }
          }
        }
      } catch {
        // TCA's rule: a `CancellationError` means "stopped", never a failure, whoever threw it
        // (a cancelled task, or an inner `Task.checkCancellation()` of someone else's task).
        if error is CancellationError { return }
        if let handler = run.handler {
          await handler(error, send)
        } else if !Task.isCancelled {
          reportMisuse(
            "An effect returned by Effect.run threw an unhandled error: \(error). Pass a `catch:` handler to turn errors into actions.",
            fileID: run.fileID,
            line: run.line
          )
        }
      }
    }
    registry.register(handle, task: task)
    return task
  }

  @usableFromInline
  func startSubscription(_ subscription: Subscription<Action>, context: EffectContext) -> Task<Void, Never> {
    let registry = self.registry
    let isolation = self.isolation
    var context = context
    context.lifetime = nil
    let send = makeSend(context: context)
    let scope = EffectScope(store: ObjectIdentifier(registry), path: context.path)
    let teardown = SubscriptionTeardown()
    let handle = EffectHandle(
      keys: context.keys, cascade: context.cascade, teardown: teardown, fileID: subscription.fileID,
      line: subscription.line)
    let firstAttempt = SubscriptionAttempt(subscription, scope: scope)
    teardown.attach(firstAttempt.cancellable)
    let task = Self.spawn(priority: nil, on: effectExecutor, tracker: tracker) {
      defer { registry.end(handle) }
      var attempt = firstAttempt
      var attemptsLeft = subscription.retries
      while true {
        // Draining ends by tearing the client down; the registry may have done so first.
        let failure = await attempt.drain(into: send)
        guard let failure, !Task.isCancelled else { return }
        if attemptsLeft > 0 {
          attemptsLeft -= 1
          // A client starts on the store's isolation, as the first attempt did.
          let next = await isolation.run {
            let next = SubscriptionAttempt(subscription, scope: scope)
            teardown.attach(next.cancellable)
            return next
          }
          guard let next else { return }
          attempt = next
          continue
        }
        if let handler = subscription.handler {
          await handler(failure, send)
        } else {
          reportMisuse(
            "An effect returned by Effect.subscribe completed with an unhandled failure: \(failure). Pass a `catch:` handler to turn failures into actions.",
            fileID: subscription.fileID,
            line: subscription.line
          )
        }
        return
      }
    }
    registry.register(handle, task: task)
    return task
  }

  /// Starts a task off the store's isolation, so effect work never blocks the store: on `executor`
  /// when one is set (its child tasks inherit the preference), else on the global executor;
  /// counted by `tracker` when the store was made under one.
  nonisolated private static func spawn(
    priority: TaskPriority?,
    on executor: (any TaskExecutor)?,
    tracker: StoreTracker?,
    operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    let operation = tracker?.counting(operation) ?? operation
    // The operation itself is the task's body: wrapping it in another closure cost an
    // allocation per effect.
    guard let executor else { return Task(priority: priority, operation: operation) }
    return Task(executorPreference: executor, priority: priority, operation: operation)
  }
}
