import Braid
import BraidTestSupport
import BraidTesting
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct TestStoreRecordingTests {
  @Test func failuresAreRecordedInSwiftTesting() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += action
        return .none
      }
    }
    await withKnownIssue {
      await store.send(1) { $0 = 2 }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "A state change does not match expectation: …\n\n− 2\n+ 1\n\n(Expected: −, Actual: +)"
      ]
    }
  }

  @Test func storeAndTestStoreDeliverEffectActionsInTheSameOrder() async {
    struct Ordering: Reducer {
      func reduce(into state: inout [String], action: String) -> Effect<String> {
        state.append(action)
        guard action == "start" else { return .none }
        return .merge(
          .send("sync 1"),
          .concatenate(.run { send in await send("async 1") }, .run { send in await send("async 2") }),
          .send("sync 2")
        )
      }
    }
    let store = Store(initialState: [String]()) { Ordering() }
    await store.send("start").finish()

    let testStore = TestStore(initialState: [String]()) { Ordering() }
    testStore.exhaustivity = .off
    await testStore.send("start")
    await testStore.finish()
    await testStore.skipReceivedActions()
    #expect(store.state == ["start", "sync 1", "sync 2", "async 1", "async 2"])
    #expect(testStore.state == store.state)
  }
}
