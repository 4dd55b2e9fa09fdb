extension StoreCore {
  /// Starts `effect`: synchronous parts happen now, asynchronous parts become tasks registered
  /// in ``registry`` (under the cancellation keys of `context`) and, when `tasks` is not `nil`,
  /// appended to it.
  ///
  /// Inlinable so the dispatch is specialized: unspecialized, each `switch` looks the effect's
  /// generic metadata up at run time (the ".send chain" row of `Benchmarks/instructions.sh`).
  @inlinable
  func start(_ effect: Effect<Action>, context: EffectContext, into tasks: inout [Task<Void, Never>]?) {
    switch effect.storage {
    case .none: return
    case .send(let action): sendReturned(action)
    case .boxed(let box): start(box, context: context, into: &tasks)
    }
  }

  /// Starts a boxed effect; see ``start(_:context:into:)-(Effect<Action>,_,_)``.
  @inlinable
  func start(_ box: EffectBox<Action>, context: EffectContext, into tasks: inout [Task<Void, Never>]?) {
    // Read in place, by kind (see `EffectBox`).
    switch box.kind {
    case .send:
      sendReturned(unsafeDowncast(box, to: SendEffectBox<Action>.self).action)
    case .run:
      let run = unsafeDowncast(box, to: RunEffectBox<Action>.self)
      var key: CancellationKey?
      if let id = run.cancelID {
        let runKey = context.key(for: id)
        if run.cancelInFlight { registry.cancel(runKey) }
        key = runKey
      }
      // Started first: `tasks?.append(startRun(…))` would not start it when `tasks` is nil.
      let task = startRun(run, context: context, key: key)
      tasks?.append(task)
    case .subscribe:
      let subscription = unsafeDowncast(box, to: SubscribeEffectBox<Action>.self)
      let task = startSubscription(subscription, context: context)
      tasks?.append(task)
    case .merge:
      for effect in unsafeDowncast(box, to: EffectListBox<Action>.self).effects {
        start(effect, context: context, into: &tasks)
      }
    case .concatenate:
      // Effects that need no waiting run now, in order; the rest, from the first that waits,
      // run one after another in a task.
      let effects = unsafeDowncast(box, to: EffectListBox<Action>.self).effects
      var index = effects.startIndex
      while index < effects.endIndex, effects[index].isSynchronous {
        start(effects[index], context: context, into: &tasks)
        index += 1
      }
      if index < effects.endIndex {
        let task = startConcatenation(Array(effects[index...]), context: context)
        tasks?.append(task)
      }
    case .cancellable:
      let cancellable = unsafeDowncast(box, to: CancellableEffectBox<Action>.self)
      let key = context.key(for: cancellable.id)
      if cancellable.cancelInFlight { registry.cancel(key) }
      // A `.run` made cancellable takes its key alongside the context's, unless it holds one.
      if let child = cancellable.child, child.kind == .run {
        let run = unsafeDowncast(child, to: RunEffectBox<Action>.self)
        if run.cancelID == nil {
          let task = startRun(run, context: context, key: key)
          tasks?.append(task)
          return
        }
      }
      var context = context
      context.keys.append(key)
      if let child = cancellable.child { start(child, context: context, into: &tasks) }
    case .cancel:
      registry.cancel(context.key(for: unsafeDowncast(box, to: CancelEffectBox<Action>.self).id))
    case .scoped:
      let scoped = unsafeDowncast(box, to: ScopedEffectBox<Action>.self)
      var context = context
      context.path.append(scoped.component)
      if let child = scoped.child { start(child, context: context, into: &tasks) }
    case .deferred:
      let build = unsafeDowncast(box, to: DeferredEffectBox<Action>.self).build
      start(
        build(
          DeferredEffectStart(
            context: context, throttles: throttles, store: ObjectIdentifier(registry), inspection: inspection)),
        context: context, into: &tasks)
    }
  }

  /// Runs `effects` one after another in one task.
  @usableFromInline
  func startConcatenation(_ effects: [Effect<Action>], context: EffectContext) -> Task<Void, Never> {
    let sequence = RunEffectBox<Action>(
      priority: nil,
      body: { send in
        for effect in effects {
          guard !Task.isCancelled else { return }
          await send.perform(effect)
        }
      },
      handler: nil,
      fileID: #fileID,
      line: #line,
      dependencies: DependencyValues.currentValues
    )
    return startRun(sequence, context: context, key: nil, kind: .concatenation)
  }

  /// Starts `run` in a task registered under `context`'s keys and `key`.
  ///
  /// The task captures the box, one reference: copying its fields out into the task's context
  /// would go through the operation's value witnesses.
  ///
  /// Inlinable, so that it and its task's body are specialized for the store's action type:
  /// unspecialized, copying the captured operation and `Send` looks their generic metadata up at
  /// run time. Both are guarded by the instruction gate's "cancellable start + cancel" row
  /// (`Benchmarks/instructions.sh --check`).
  @inlinable
  func startRun(
    _ run: RunEffectBox<Action>, context: EffectContext, key: CancellationKey?,
    kind: StoreEvent<State, Action>.EffectKind = .run
  ) -> Task<Void, Never> {
    let registry = self.registry
    let links = sendLinks
    let handle = EffectHandle(
      context: context, key: key, canceller: links, reportsLateSends: true, fileID: run.fileID, line: run.line)
    if inspection != nil { inspectStart(of: handle, kind, context: context, key: key, timing: run.timing) }
    let send = Send(links: links, effect: handle)
    let hooks = Self.effectStarted(hooks: self.hooks)
    // Closure literals handed straight to `Task`: a closure value passed through `spawn` is
    // converted by reabstraction thunks, each an allocation (the gate's "cancellable start +
    // cancel" row).
    // `StoreCore.perform`, not `Self.perform`: Swift 6.3's region-based isolation checker rejects
    // a `sending` closure that captures the dynamic `Self` of a class.
    let task: Task<Void, Never>
    if let executor = effectExecutor {
      task = Task(executorPreference: executor, priority: run.priority) {
        await StoreCore.perform(run, send: send, registry: registry, hooks: hooks)
      }
    } else {
      task = Task(priority: run.priority) {
        await StoreCore.perform(run, send: send, registry: registry, hooks: hooks)
      }
    }
    registry.register(handle, task: task)
    return task
  }

  /// The body of an `Effect.run` task: runs the operation and, if it throws, what
  /// ``handleFailure(_:of:send:)`` says, both with the effect's bindings (the handler is part of
  /// the effect, as in TCA); then ends the effect.
  ///
  /// The bindings are made here, on the task, not around the task's creation on the store's
  /// isolation (the main actor for a `Store`): they cost ~2,000 instructions per effect either
  /// way (a cancellable start + cancel measured 16,034 with them made around the creation,
  /// 14,025 with none), and here that work stays off the store's actor.
  @inlinable
  nonisolated static func perform(
    _ run: RunEffectBox<Action>, send: Send<Action>, registry: EffectRegistry, hooks: (any StoreHooks)?
  ) async {
    defer {
      registry.end(send.effect)
      effectEnded(hooks: hooks)
    }
    await withEffectBindings(running: send.effect, dependencies: run.dependencies) {
      do {
        try await run.body(send)
      } catch {
        await handleFailure(error, of: run, send: send)
      }
    }
  }

  /// Tells the store's hooks, if any, that an effect task is starting, and returns them for
  /// ``effectEnded(hooks:)``.
  @usableFromInline
  nonisolated static func effectStarted(hooks: (any StoreHooks)?) -> (any StoreHooks)? {
    hooks?.effectTaskStarted()
    return hooks
  }

  /// Tells the store's hooks, if any, that an effect task ended.
  @usableFromInline
  nonisolated static func effectEnded(hooks: (any StoreHooks)?) {
    hooks?.effectTaskEnded()
  }

  /// What an `Effect.run` operation's thrown error becomes: nothing for a `CancellationError`
  /// (TCA's rule: "stopped", never a failure, whoever threw it), else the effect's handler, else
  /// a reported misuse unless the effect was cancelled.
  @usableFromInline
  nonisolated static func handleFailure(_ error: any Error, of run: RunEffectBox<Action>, send: Send<Action>) async {
    if error is CancellationError { return }
    if let inspection = send.effect.inspection {
      inspection.effectFailed(send.effect.inspectedEffect, path: send.effect.path, error: error)
    }
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

  @usableFromInline
  func startSubscription(
    _ subscription: SubscribeEffectBox<Action>, context: EffectContext
  ) -> Task<Void, Never> {
    let registry = self.registry
    let isolation = self.isolation
    // Cancelling stops the client and ends the effect's tracking at once, before the
    // cancelling `send` returns; a completed effect ends it when its task ends.
    let teardown = SubscriptionTeardown(onStop: subscription.onFinish)
    let links = sendLinks
    let handle = EffectHandle(
      context: context, canceller: links, teardown: teardown, reportsLateSends: false,
      fileID: subscription.fileID, line: subscription.line)
    if inspection != nil {
      inspectStart(
        of: handle, subscription.standsInForRun ? .run : .subscribe, context: context, key: nil,
        timing: subscription.timing)
    }
    let scope = EffectScope(
      store: ObjectIdentifier(registry), path: context.path,
      reporter: handle.inspection.map { ResourceReporter(inspection: $0, effect: handle.inspectedEffect) })
    let send = Send(links: links, effect: handle)
    let firstAttempt = SubscriptionAttempt(subscription, scope: scope)
    teardown.attach(firstAttempt.cancellable)
    // The values in force now, as the first attempt had them: retries and the handler run
    // with them (the store's scope is not a task-local, so the task would not inherit it).
    let dependencies = DependencyValues.currentValues
    let task = Self.spawn(priority: nil, on: effectExecutor, hooks: hooks) {
      // `onFinish` first: what it reports (a subtree inspector's "finished", a TestStore's
      // effect in flight ending) must have happened by the time `registry.end` wakes a
      // `StoreTask.finish()` (`ReducerInspectTests.aRetriedClientFailsOnceItsLastAttemptFails`).
      defer {
        subscription.onFinish?()
        registry.end(handle)
      }
      await DependencyValues.withCurrent(dependencies) {
        var attempt = firstAttempt
        var attemptsLeft = subscription.retries
        while true {
          // Draining ends by tearing the client down; the registry may have done so first.
          let failure = await attempt.drain(into: send)
          guard let failure, !Task.isCancelled else { return }
          if attemptsLeft > 0 {
            attemptsLeft -= 1
            handle.reportRetry(attempt: subscription.retries - attemptsLeft + 1, error: failure)
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
          if let inspection = handle.inspection {
            inspection.effectFailed(handle.inspectedEffect, path: handle.path, error: failure)
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
    }
    registry.register(handle, task: task)
    return task
  }
}
