import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// A burst of events from a delegate-style client reaches the store in one hop onto its actor,
/// and is still reduced one action at a time, in order, stopping at a cancellation.
@MainActor
@Suite(.checksStoreLeaks)
struct EffectSubscribeBatchingTests {
  typealias Event = EffectSubscribeTests.Event

  /// How many turns the main actor has given a task that yields in a loop: actions reduced
  /// with the same count arrived in the same turn.
  final class Turns {
    var count = 0
  }

  struct Reduced: Equatable {
    var events: [Event] = []
    /// The turn each `.value` was reduced in.
    var turns: [Int] = []
  }

  static func store(
    _ client: EffectSubscribeTests.FakeClient, turns: Turns, cancellingAt last: Int? = nil
  ) -> Store<Reduced, Event> {
    Store(initialState: Reduced()) {
      Reduce<Reduced, Event> { state, action in
        state.events.append(action)
        switch action {
        case .start: return client.effect().cancellable(id: "client")
        case .stop: return .cancel(id: "client")
        case .value(let n):
          state.turns.append(turns.count)
          return n == last ? .cancel(id: "client") : .none
        case .failed: return .none
        }
      }
    }
  }

  @Test func aBurstOfClientEventsArrivesInOneTurnOfTheStoresActor() async {
    let client = EffectSubscribeTests.FakeClient()
    let turns = Turns()
    let store = Self.store(client, turns: turns)
    let task = store.send(.start)
    // Sent while this test holds the main actor, so the effect can hop onto it only after.
    let subscriber = client.emitters.values[0]
    for n in 1...500 { subscriber.send(.value(n)) }
    subscriber.send(completion: .finished)
    let competitor = Task { @MainActor in
      while !Task.isCancelled {
        turns.count += 1
        await Task.yield()
      }
    }
    await task.finish()
    competitor.cancel()
    #expect(store.state.events == [.start] + (1...500).map(Event.value))
    // One hop per action would give about 500 turns, the competitor's between each two.
    let distinctTurns = Set(store.state.turns).count
    #expect(distinctTurns <= 3, "the burst took \(distinctTurns) turns of the main actor")
    #expect(client.teardowns.count == 1)
  }

  @Test func aCancellationInTheMiddleOfABurstDropsTheRest() async {
    let client = EffectSubscribeTests.FakeClient()
    let store = Self.store(client, turns: Turns(), cancellingAt: 3)
    let task = store.send(.start)
    let subscriber = client.emitters.values[0]
    for n in 1...10 { subscriber.send(.value(n)) }
    await task.finish()
    #expect(store.state.events == [.start, .value(1), .value(2), .value(3)])
    #expect(client.teardowns.count == 1)
    #expect(store.runningEffectCount == 0)
  }
}
