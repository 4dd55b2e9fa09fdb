import Braid

/// One case of the steps an exploration takes from outside — an action sent, or time passing —
/// with how often to take it relative to the others, and how to make its payload.
///
/// ```swift
/// let actions: [ExplorationAction<SignUpForm.Action>] = [
///   .action("submit", .submitTapped),
///   .action("username", weight: 4, .string(from: "ab", length: 0...6)) { .usernameChanged($0) },
/// ]
/// ```
public struct ExplorationAction<Action: Sendable>: Sendable {
  /// The case's name, as reports show it.
  public let name: String
  /// How often the case is picked, relative to the other cases and to effect answers.
  public let weight: Int
  let draw: @Sendable (inout SeededRandomNumberGenerator) -> ExplorationStep<Action>

  /// A case without a payload: always `action`.
  ///
  /// - Parameters:
  ///   - name: The case's name in reports.
  ///   - weight: How often to pick it, relative to the others; 1 by default.
  ///   - action: The action.
  /// - Returns: The case.
  public static func action(_ name: String, weight: Int = 1, _ action: Action) -> Self {
    Self(name: name, weight: max(0, weight)) { _ in ExplorationStep(.send(action)) }
  }

  /// A case with a payload: `make` applied to a value from `payload`. Shrinking a
  /// counterexample simplifies the payload with `payload`'s simplifications.
  ///
  /// - Parameters:
  ///   - name: The case's name in reports.
  ///   - weight: How often to pick it, relative to the others; 1 by default.
  ///   - payload: Makes the payload.
  ///   - make: Makes the action from the payload.
  /// - Returns: The case.
  public static func action<Payload>(
    _ name: String, weight: Int = 1, _ payload: ValueGenerator<Payload>,
    _ make: @escaping @Sendable (Payload) -> Action
  ) -> Self {
    Self(name: name, weight: max(0, weight)) { random in
      step(payload.draw(&random), payload, make)
    }
  }

  /// Time passing on the walk's `TestClock`: its sleepers due by then wake in deadline order,
  /// and what they send back is reduced. Shrinking a counterexample tries the durations that
  /// `duration` simplifies to.
  ///
  /// ```swift
  /// .timePasses(weight: 2, .element(of: [.milliseconds(100), .milliseconds(300), .seconds(1)]))
  /// ```
  ///
  /// - Parameters:
  ///   - name: The case's name in reports; "time passes" by default.
  ///   - weight: How often to pick it, relative to the others; 1 by default.
  ///   - duration: Makes how long passes.
  /// - Returns: The case.
  public static func timePasses(
    _ name: String = "time passes", weight: Int = 1, _ duration: ValueGenerator<Duration>
  ) -> Self {
    Self(name: name, weight: max(0, weight)) { random in advance(duration.draw(&random), duration) }
  }

  private static func advance(_ value: Duration, _ duration: ValueGenerator<Duration>) -> ExplorationStep<Action> {
    ExplorationStep(.advance(value)) {
      duration.simplify(value).map { advance($0, duration) }
    }
  }

  private static func step<Payload>(
    _ value: Payload, _ payload: ValueGenerator<Payload>, _ make: @escaping @Sendable (Payload) -> Action
  ) -> ExplorationStep<Action> {
    ExplorationStep(.send(make(value))) {
      payload.simplify(value).map { step($0, payload, make) }
    }
  }
}

/// What an effect of the explored feature may send, as an exploration answers it: effects are
/// described, not run, so an answer stands in for what the effect would have sent.
public enum EffectAnswer<Action: Sendable>: Sendable {
  /// Sends one of the actions once, then finishes (a request and its response).
  case once([Action])
  /// Sends one of the actions each time it is answered, and never finishes on its own (a timer,
  /// a subscription).
  case repeatedly([Action])
  /// Sends nothing.
  case never
}
