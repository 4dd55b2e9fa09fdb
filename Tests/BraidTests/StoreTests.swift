import Braid
import BraidTesting
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct StoreTests {
  struct Chain: Reducer {
    struct State: Equatable {
      var log: [String] = []
      var count = 0
    }
    enum Action: Equatable {
      case start
      case step(String)
      case countdown(Int)
      case fanOut
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        state.log.append("start")
        return .merge(.send(.step("a")), .send(.step("b")))
      case .step(let name):
        state.log.append(name)
        return name == "a" ? .send(.step("a.child")) : .none
      case .countdown(let n):
        state.count += 1
        return n > 0 ? .send(.countdown(n - 1)) : .none
      case .fanOut:
        return .merge((0..<3).map { .send(.step("fan\($0)")) })
      }
    }
  }

  @Test func sendReducesInPlaceAndReturnsAtOnce() {
    let store = Store(initialState: Chain.State()) { Chain() }
    let task = store.send(.step("x"))
    #expect(store.state.log == ["x"])
    #expect(store.withState(\.log.count) == 1)
    #expect(!task.isCancelled)
  }

  @Test func queuedSendsRunInOrderBreadthFirst() {
    let store = Store(initialState: Chain.State()) { Chain() }
    store.send(.start)
    #expect(store.state.log == ["start", "a", "b", "a.child"])
  }

  @Test func mergedSendsKeepTheirOrder() {
    let store = Store(initialState: Chain.State()) { Chain() }
    store.send(.fanOut)
    #expect(store.state.log == ["fan0", "fan1", "fan2"])
  }

  @Test func aHundredThousandChainedActionsDoNotGrowTheStack() {
    let store = Store(initialState: Chain.State()) { Chain() }
    store.send(.countdown(100_000))
    #expect(store.state.count == 100_001)
  }

  @Test func observersAreNotifiedOncePerSend() {
    let store = Store(initialState: Chain.State()) { Chain() }
    var seen: [Int] = []
    let token = store.observe(\.log.count, delivery: .changesOnly) { seen.append($0) }
    store.send(.start)
    store.send(.fanOut)
    #expect(seen == [4, 7])
    token.cancel()
    store.send(.fanOut)
    #expect(seen == [4, 7])
  }

  @Test func actionsSentByAnObserverAreHandledAfterTheSend() {
    let store = Store(initialState: Chain.State()) { Chain() }
    var counts: [Int] = []
    let token = store.observe(\.log.count, delivery: .changesOnly) { count in
      counts.append(count)
      if count == 1 { store.send(.step("from observer")) }
    }
    store.send(.step("first"))
    #expect(store.state.log == ["first", "from observer"])
    #expect(counts == [1, 2])
    _ = token
  }
}
