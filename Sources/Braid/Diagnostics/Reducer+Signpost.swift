import Synchronization

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
  /// metrics system or a test. It is an inspector (see ``inspect(_:)``): an effect's time runs
  /// from when the reducer returns it to when it ends.
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
  public func signpost(
    _ prefix: String = "",
    clock: ContinuousClock = ContinuousClock(),
    to logger: @escaping @Sendable (SignpostEvent) -> Void
  ) -> Reduce<State, Action> {
    let timings = Mutex(SignpostTimings())
    return inspect(
      StoreInspector(clock: clock) { event in
        switch event.kind {
        case .action(let action, _):
          let label = ChangePrinter.label(of: action)
          timings.withLock { $0.reducing = (prefix.isEmpty ? label : "[\(prefix)] \(label)", event.time) }
        case .state:
          guard let (label, start) = timings.withLock({ $0.reducing }) else { return }
          logger(.reduced(action: label, duration: event.time - start))
        case .effectStarted(let effect):
          // An action's effects start as its reducer returns, before the next action.
          guard let (label, _) = timings.withLock({ $0.reducing }) else { return }
          timings.withLock { $0.effects[effect.effect] = (label, event.time) }
          logger(.effectStarted(action: label))
        case .effectFinished(let effect), .effectCancelled(let effect):
          guard let (label, start) = timings.withLock({ $0.effects.removeValue(forKey: effect) }) else { return }
          let cancelled = if case .effectCancelled = event.kind { true } else { false }
          logger(.effectFinished(action: label, duration: event.time - start, cancelled: cancelled))
        default:
          break
        }
      })
  }
}

/// What ``Reducer/signpost(_:clock:to:)`` keeps between events: the action being reduced, and
/// the effects running, with their labels and when each started.
private struct SignpostTimings {
  var reducing: (label: String, start: Duration)?
  var effects: [Int: (label: String, start: Duration)] = [:]
}
