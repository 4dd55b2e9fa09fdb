import Braid

// MARK: - Feedback chain

/// One `start` action and 999 `.send` follow-ups.
public struct ChainFeature: Reducer {
  public struct State: Sendable {
    public var steps = 0
    public init() {}
  }

  public enum Action: Sendable { case start, step }

  public static let length = 1_000

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.steps = 1
    case .step:
      state.steps += 1
    }
    return state.steps < Self.length ? .send(.step) : .none
  }
}

/// The floor: the same reducer logic returning the follow-up action, looped by hand.
@inline(never)
public func chainFloorReduce(_ state: inout ChainFeature.State, _ action: ChainFeature.Action) -> ChainFeature.Action? {
  switch action {
  case .start: state.steps = 1
  case .step: state.steps += 1
  }
  return state.steps < ChainFeature.length ? .step : nil
}

// MARK: - Merged .none

/// `.tapped` returns `.merge` of 100 stored `.none` effects, or one `.none`.
public struct MergeFeature: Reducer {
  public struct State: Sendable {
    public var count = 0
    public init() {}
  }

  public enum Action: Sendable { case tapped }

  let effects: [Effect<Action>]

  public init(effects: [Effect<Action>]) {
    self.effects = effects
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return effects.isEmpty ? .none : .merge(effects)
  }
}

// MARK: - Cancellation

/// `.start` starts a long-running cancellable effect; `.stop` cancels it.
public struct CancelFeature: Reducer {
  public struct State: Sendable {
    public var starts = 0
    public init() {}
  }

  public enum Action: Sendable { case start, stop, search, hold, release }
  enum CancelID: Hashable, Sendable { case work, search, hold }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.starts += 1
      return .run { _ in }.cancellable(id: CancelID.work)
    case .stop:
      return .cancel(id: CancelID.work)
    case .search:
      state.starts += 1
      return .run { _ in }.cancellable(id: CancelID.search, cancelInFlight: true)
    case .hold:
      state.starts += 1
      return .run { _ in try await Task.sleep(for: .seconds(3_600)) }.cancellable(id: CancelID.hold)
    case .release:
      return .cancel(id: CancelID.hold)
    }
  }
}
