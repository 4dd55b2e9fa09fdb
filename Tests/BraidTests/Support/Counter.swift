import Braid
import BraidTestSupport

/// A small child feature used by the composition tests: a counter with a long-running effect
/// that only ends when cancelled, and an effect with a private cancellation id.
struct CounterFeature: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
  }
  enum Action: Equatable, Sendable {
    case increment
    case startLongEffect
    case longEffectEnded
    case cancelOwnEffect
    case delegate(Delegate)
    enum Delegate: Equatable, Sendable { case reachedThree }
  }
  enum CancelID: Hashable, Sendable { case long }
  let ended: Recorder<String>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return state.count == 3 ? .send(.delegate(.reachedThree)) : .none
    case .startLongEffect:
      let ended = self.ended
      return .run { _ in
        do {
          try await suspendUntilCancelled()
        } catch {
          ended.append("cancelled")
        }
      }
      .cancellable(id: CancelID.long)
    case .longEffectEnded, .delegate:
      return .none
    case .cancelOwnEffect:
      return .cancel(id: CancelID.long)
    }
  }
}
