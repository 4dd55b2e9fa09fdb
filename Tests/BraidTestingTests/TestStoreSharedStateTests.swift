import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// A `TestStore` asserts shared values exhaustively, in TCA's spelling: a step that changes
/// one must say so with `$0.$count.withLock { … }`, and the closure changes an asserted copy,
/// never the live value.
@MainActor
struct TestStoreSharedStateTests {
  struct Feature: Reducer {
    struct State: Equatable {
      @Shared var count: Int
      var label = ""
    }
    enum Action: Equatable {
      case increment
      case incrementLater
      case label(String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.$count.withLock { $0 += 1 }
        return .none
      case .incrementLater:
        return .send(.increment)
      case .label(let label):
        state.label = label
        return .none
      }
    }
  }

  @Test func aSharedChangeIsAssertedWithWithLock() async {
    let store = TestStore(initialState: Feature.State(count: Shared(value: 0))) { Feature() }
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
    await store.send(.incrementLater)
    await store.receive(.increment) { $0.$count.withLock { $0 = 2 } }
    #expect(store.state.count == 2)
  }

  @Test func anUnassertedSharedChangeFails() async {
    let store = TestStore(initialState: Feature.State(count: Shared(value: 0))) { Feature() }
    let messages = await recordedFailures { await store.send(.increment) }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("State was not expected to change, but a change occurred") == true)
    #expect(messages.first?.contains("−   count: 0,") == true, "\(messages)")
    #expect(messages.first?.contains("+   count: 1,") == true, "\(messages)")
  }

  @Test func aWrongAssertionFailsAndLeavesTheLiveValueAlone() async {
    let store = TestStore(initialState: Feature.State(count: Shared(value: 0))) { Feature() }
    let messages = await recordedFailures {
      await store.send(.increment) { $0.$count.withLock { $0 = 5 } }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("−   count: 5,") == true, "\(messages)")
    #expect(messages.first?.contains("+   count: 1,") == true, "\(messages)")
    #expect(store.state.count == 1, "the assertion's withLock changed the live value")
  }

  @Test func anAssertionOfAnUnchangedSharedValueFails() async {
    let store = TestStore(initialState: Feature.State(count: Shared(value: 0))) { Feature() }
    let messages = await recordedFailures {
      await store.send(.label("A")) {
        $0.label = "A"
        $0.$count.withLock { $0 = 1 }
      }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("−   count: 1,") == true, "\(messages)")
    #expect(store.state.count == 0)
  }

  @Test func aNonExhaustiveStoreLetsSharedChangesGo() async {
    let store = TestStore(initialState: Feature.State(count: Shared(value: 0))) { Feature() }
    store.exhaustivity = .off
    await store.send(.increment)
    await store.send(.label("B")) { $0.label = "B" }
    #expect(store.state.count == 1)
  }
}
