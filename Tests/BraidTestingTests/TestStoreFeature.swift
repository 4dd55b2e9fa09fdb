import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// The feature the TestStore suites drive: a counter, a loading effect, a timer on the
/// `continuousClock` dependency and ids from the `uuid` dependency.
struct TestStoreFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var isLoading = false
    var fact: String?
  }
  enum Action: Equatable, Sendable {
    case increment
    case noop
    case load
    case loaded(String)
    case chain
    case tick
    case startTimer
    case stopTimer
    case makeID
    case madeID(String)
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .noop:
      return .none
    case .load:
      state.isLoading = true
      return .run { [count = state.count] send in await send(.loaded("fact \(count)")) }
    case .loaded(let fact):
      state.isLoading = false
      state.fact = fact
      return .none
    case .chain:
      return .merge(.send(.increment), .send(.increment))
    case .tick:
      state.count += 1
      return .none
    case .startTimer:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: "timer")
    case .stopTimer:
      return .cancel(id: "timer")
    case .makeID:
      return .send(.madeID(uuid().uuidString))
    case .madeID:
      return .none
    }
  }
}

/// Runs `body` and returns the failure messages it reported.
@MainActor
func recordedFailures(_ body: () async -> Void) async -> [String] {
  let issues = Recorder<IssueReporting.Issue>()
  await IssueReporting.withIssueHandler {
    issues.append($0)
  } operation: {
    await body()
  }
  return issues.values.map(\.message)
}
