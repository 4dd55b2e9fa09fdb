import Foundation

/// A timing record from ``Reducer/signpost(_:clock:to:)``.
public enum SignpostEvent: Sendable, Equatable {
  /// The reducer handled `action` in `duration`.
  case reduced(action: String, duration: Duration)
  /// An effect started by `action` began running.
  case effectStarted(action: String)
  /// An effect started by `action` ended after `duration`, by completing or being cancelled.
  case effectFinished(action: String, duration: Duration, cancelled: Bool)
}

extension Reducer {
  /// This reducer, timing every action it reduces and every effect it starts, and reporting
  /// each measurement to `logger`.
  ///
  /// The stand-in for `os_signpost`, which Linux does not have: send the events to a log, a
  /// metrics system or a test.
  ///
  /// ```swift
  /// Feature()
  ///   .signpost("Feature") { print($0) }
  /// ```
  ///
  /// - Parameters:
  ///   - prefix: Put before every action label, to tell features apart.
  ///   - clock: The clock that times reduces and effects.
  ///   - logger: Receives each event, on whatever thread produced it.
  /// - Returns: The instrumented reducer.
  @inlinable
  public func signpost(
    _ prefix: String = "",
    clock: ContinuousClock = ContinuousClock(),
    to logger: @escaping @Sendable (SignpostEvent) -> Void
  ) -> Reduce<State, Action> {
    let base = makeReduceFunction()
    return Reduce { state, action in
      let label = prefix.isEmpty ? ChangePrinter.label(of: action) : "[\(prefix)] \(ChangePrinter.label(of: action))"
      let start = clock.now
      let effect = base(&state, action)
      logger(.reduced(action: label, duration: start.duration(to: clock.now)))
      return effect.instrumented(label: label, clock: clock, logger: logger)
    }
  }
}

extension Effect {
  /// This effect with each asynchronous part reporting when it starts and how long it lived.
  /// Synchronous parts are untouched, so `.send` stays synchronous.
  @usableFromInline
  func instrumented(
    label: String,
    clock: ContinuousClock,
    logger: @escaping @Sendable (SignpostEvent) -> Void
  ) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case .run(let run):
      let operation = run.operation
      let timed: @concurrent @Sendable (Send<Action>) async throws -> Void = { send in
        logger(.effectStarted(action: label))
        let start = clock.now
        defer {
          logger(.effectFinished(action: label, duration: start.duration(to: clock.now), cancelled: Task.isCancelled))
        }
        try await operation(send)
      }
      return Self(
        operation: .run(
          RunOperation(
            priority: run.priority, operation: timed, handler: run.handler, fileID: run.fileID, line: run.line)
        )
      )
    case .subscribe(let subscription):
      let body = subscription.body
      let timed = Subscription<Action>(
        body: { subscriber in
          logger(.effectStarted(action: label))
          let start = clock.now
          let cancellable = body(subscriber)
          return AnyCancellable {
            cancellable.cancel()
            logger(.effectFinished(action: label, duration: start.duration(to: clock.now), cancelled: Task.isCancelled))
          }
        },
        handler: subscription.handler,
        retries: subscription.retries,
        fileID: subscription.fileID,
        line: subscription.line
      )
      return Self(operation: .subscribe(timed))
    case .merge(let effects):
      return Self(operation: .merge(effects.map { $0.instrumented(label: label, clock: clock, logger: logger) }))
    case .concatenate(let effects):
      return Self(operation: .concatenate(effects.map { $0.instrumented(label: label, clock: clock, logger: logger) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Self(
        operation: .cancellable(
          id: id, cancelInFlight: cancelInFlight, effect.instrumented(label: label, clock: clock, logger: logger)))
    case .scoped(let component, let effect):
      return Self(operation: .scoped(component, effect.instrumented(label: label, clock: clock, logger: logger)))
    case .deferred(let build):
      return Self(
        operation: .deferred { context, registry in
          build(context, registry).instrumented(label: label, clock: clock, logger: logger)
        })
    }
  }
}
