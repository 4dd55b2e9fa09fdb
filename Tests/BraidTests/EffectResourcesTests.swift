import Braid
import BraidTestSupport
import Testing

@MainActor
struct EffectResourcesTests {
  final class Session: Sendable {
    let stops = Recorder<Int>()
  }

  @Test func entriesLiveExactlyAsLongAsTheirEffect() async {
    let resources = EffectResources<Session>()
    let session = Session()
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        switch action {
        case 0:
          return .subscribe { _ in
            resources.insert(session, for: "session") { $0.stops.append(1) }
          }
          .cancellable(id: "session")
        default:
          return .cancel(id: "session")
        }
      }
    }
    let task = store.send(0)
    #expect(resources.count == 1)
    #expect(resources["session"] === session)
    store.send(1)
    await task.finish()
    #expect(resources.count == 0)
    #expect(resources["session"] == nil)
    #expect(session.stops.count == 1)
  }

  @Test func removeReturnsTheResource() {
    let resources = EffectResources<Int>()
    let token = resources.insert(42, for: 1)
    #expect(resources.remove(id: 1) == 42)
    #expect(resources.count == 0)
    token.cancel()
    #expect(token.isCancelled)
  }
}
