import Braid
import BraidTestSupport
import Testing

/// Shared state in running features: two stores holding one value, a feature following its
/// changes with an effect, and `onChange` seeing a change made in a reduction.
@MainActor
struct SharedInFeaturesTests {
  struct Counter: Reducer {
    struct State: Equatable {
      @Shared var count: Int
      var seen: [Int] = []
      var changesSeen = 0
    }
    enum Action: Equatable {
      case increment
      case follow
      case countChanged(Int)
    }
    enum CancelID { case follow }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .increment:
          state.$count.withLock { $0 += 1 }
          return .none
        case .follow:
          return .changes(of: state.$count, Action.countChanged).cancellable(id: CancelID.follow)
        case .countChanged(let count):
          state.seen.append(count)
          return .none
        }
      }
      .onChange(of: \.count) { _, _ in
        Reduce { state, _ in
          state.changesSeen += 1
          return .none
        }
      }
    }
  }

  @Test func twoStoresHoldingOneValueSeeEachOthersChanges() async {
    let count = Shared(value: 0)
    let first = Store(initialState: Counter.State(count: count)) { Counter() }
    let second = Store(initialState: Counter.State(count: count)) { Counter() }
    let following = second.send(.follow)
    first.send(.increment)
    first.send(.increment)
    #expect(second.state.count == 2)
    #expect(first.state.changesSeen == 2, "onChange saw each change made in a reduction")
    let seen = await second.until { $0.seen.last == 2 }
    #expect(seen)
    following.cancel()
    await following.finish()
  }
}
