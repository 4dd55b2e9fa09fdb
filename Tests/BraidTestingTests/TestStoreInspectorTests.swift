import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// A `TestStore` takes an inspector as a `Store` does: the same events, in the same order, on
/// the feature's actor, while the test asserts every step.
@MainActor
@Suite(.checksStoreLeaks)
struct TestStoreInspectorTests {
  struct Failure: Error, CustomStringConvertible {
    var description: String { "refused" }
  }

  struct Feature: Reducer {
    enum Action: Equatable, Sendable {
      case load
      case loaded(Int)
      case failed(String)
    }

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .load:
        return .run { _ in
          throw Failure()
        } catch: { error, send in
          await send(.failed("\(error)"))
        }
      case .loaded(let value):
        state = value
        return .none
      case .failed:
        state = -1
        return .none
      }
    }
  }

  @Test func aTestStoreReportsItsStepsAndAFailedEffect() async {
    let events = Recorder<String>()
    let store = TestStore(
      initialState: 0,
      inspector: StoreInspector<Int, Feature.Action>(clock: TestClock()) { events.append($0.description) }
    ) {
      Feature()
    }
    await store.send(.load)
    await store.receive(.failed("refused")) { $0 = -1 }
    await store.finish()
    // The effect's end is reported from its task as it ends, which `finish()` need not outlast.
    #expect(await events.waitForCount(8))
    #expect(
      events.values == [
        "#1 mounted",
        "#2 action .load (external)",
        "#3 state",
        "#4 effect 1 started: run by #2",
        "#5 effect 1 failed: refused",
        "#6 action .failed(\"refused\") (effect 1)",
        "#7 state",
        "#8 effect 1 finished",
      ])
  }
}
