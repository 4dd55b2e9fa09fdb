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
    let functions = makeFunctions()
    let base = functions.reduce
    return Reduce(
      { state, action in
        let label = prefix.isEmpty ? ChangePrinter.label(of: action) : "[\(prefix)] \(ChangePrinter.label(of: action))"
        let start = clock.now
        let effect = base(&state, action)
        logger(.reduced(action: label, duration: start.duration(to: clock.now)))
        return effect.instrumented(label: label, clock: clock, logger: logger)
      },
      lifecycle: functions.lifecycle
    )
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
    transformingLeaves(
      run: { run in
        let operation = run.body
        return run.replacing(
          body: { send in
            logger(.effectStarted(action: label))
            let start = clock.now
            defer {
              logger(
                .effectFinished(action: label, duration: start.duration(to: clock.now), cancelled: Task.isCancelled))
            }
            try await operation(send)
          },
          handler: run.handler)
      },
      subscribe: { subscription in
        let body = subscription.body
        return subscription.replacing(body: { subscriber in
          logger(.effectStarted(action: label))
          let start = clock.now
          let cancellable = body(subscriber)
          return AnyCancellable {
            cancellable.cancel()
            logger(
              .effectFinished(action: label, duration: start.duration(to: clock.now), cancelled: Task.isCancelled))
          }
        })
      }
    )
  }
}
