import Braid

/// The example feature: a counter whose "factor" button factors the count off the main actor,
/// and a timer that ticks the count up until it is stopped.
public struct Counter: Reducer {
  /// The counter's state; `Codable`, so that a recording of it replays.
  public struct State: Codable, Equatable, Sendable {
    /// The current count.
    public var count: Int
    /// The prime factors of the count, once factored.
    public var factors: [Int]?
    /// Whether a factoring is in flight.
    public var isFactoring = false
    /// Whether the timer is running.
    public var isTimerRunning = false

    /// A counter starting at `count`.
    public init(count: Int = 0) {
      self.count = count
    }

    /// The factors as text, e.g. `"2 × 2 × 3"`.
    public var factorsDescription: String? {
      factors.map { $0.isEmpty ? "no prime factors" : $0.map(String.init).joined(separator: " × ") }
    }
  }

  /// What can happen to a counter; `Codable`, so that a recording of it replays.
  public enum Action: Codable, Equatable, Sendable {
    case incrementButtonTapped
    case decrementButtonTapped
    case factorButtonTapped
    case factorsComputed([Int])
    case timerButtonTapped
    case timerTicked
    /// The count was set elsewhere: another process sharing the counter's saved count.
    case countChangedElsewhere(Int)
  }

  enum CancelID: Hashable, Sendable {
    case factoring
    case timer
  }

  let clock: (any Clock<Duration>)?
  let tickInterval: Duration
  /// The timer's clock when none is given: a test clock in an exploration whose effects run.
  @Dependency(\.continuousClock) var continuousClock

  /// A counter whose timer ticks every `tickInterval` on `clock`, or on the `continuousClock`
  /// dependency when `clock` is `nil`.
  public init(clock: (any Clock<Duration>)? = nil, tickInterval: Duration = .seconds(1)) {
    self.clock = clock
    self.tickInterval = tickInterval
  }

  /// Handles an action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementButtonTapped:
      state.count += 1
      return countChanged(&state)

    case .decrementButtonTapped:
      state.count -= 1
      return countChanged(&state)

    case .factorButtonTapped:
      state.isFactoring = true
      return .run { [count = state.count] send in
        await send(.factorsComputed(try primeFactors(of: count)))
      }
      .cancellable(id: CancelID.factoring, cancelInFlight: true)

    case .factorsComputed(let factors):
      state.isFactoring = false
      state.factors = factors
      return .none

    case .timerButtonTapped:
      state.isTimerRunning.toggle()
      guard state.isTimerRunning else { return .cancel(id: CancelID.timer) }
      return .run { [clock = clock ?? continuousClock, tickInterval] send in
        while true {
          try await clock.sleep(for: tickInterval)
          await send(.timerTicked)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)

    case .timerTicked:
      state.count += 1
      return countChanged(&state)

    case .countChangedElsewhere(let count):
      guard count != state.count else { return .none }
      state.count = count
      return countChanged(&state)
    }
  }

  /// The factors of the old count no longer hold, and a factoring still in flight would bring
  /// the old count's: it stops (`CounterExplorationTests` found the stale answer).
  private func countChanged(_ state: inout State) -> Effect<Action> {
    state.factors = nil
    guard state.isFactoring else { return .none }
    state.isFactoring = false
    return .cancel(id: CancelID.factoring)
  }
}

/// The prime factors of `n` in ascending order, by trial division; checks for cancellation as
/// it goes so a newer request can stop it. Numbers below 2 have none.
public func primeFactors(of n: Int) throws -> [Int] {
  var factors: [Int] = []
  var remaining = n.magnitude
  var divisor: UInt = 2
  while remaining > 1, divisor <= remaining / divisor {
    if divisor % 1024 == 0 { try Task.checkCancellation() }
    while remaining % divisor == 0 {
      factors.append(Int(divisor))
      remaining /= divisor
    }
    divisor += divisor == 2 ? 1 : 2
  }
  if remaining > 1 { factors.append(Int(remaining)) }
  return n < 2 ? [] : factors
}
