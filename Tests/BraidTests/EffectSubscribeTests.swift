import Braid
import BraidTestSupport
import BraidTesting
import Dispatch
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct EffectSubscribeTests {
  enum Event: Equatable, Sendable {
    case start
    case stop
    case value(Int)
    case failed(String)
  }

  struct ClientError: Error, CustomStringConvertible {
    var description: String { "client failed" }
  }

  /// A stand-in for a delegate-style client: whoever holds `emit` can deliver values from any
  /// thread; `teardowns` counts how often the subscription was torn down.
  final class FakeClient: Sendable {
    let emitters = Recorder<EffectSubscriber<Event>>()
    let teardowns = Recorder<Int>()
    let subscribed = Gate()

    func effect(catch handles: Bool = true) -> Effect<Event> {
      let body: @Sendable (EffectSubscriber<Event>) -> AnyCancellable = { subscriber in
        self.emitters.append(subscriber)
        self.subscribed.open()
        return AnyCancellable { self.teardowns.append(1) }
      }
      guard handles else { return .subscribe(body) }
      return .subscribe(body) { error, send in await send(.failed("\(error)")) }
    }
  }

  static func store(_ client: FakeClient, retries: Int = 0, handles: Bool = true) -> Store<[Event], Event> {
    Store(initialState: []) {
      Reduce<[Event], Event> { state, action in
        state.append(action)
        switch action {
        case .start: return client.effect(catch: handles).retry(retries).cancellable(id: "client")
        case .stop: return .cancel(id: "client")
        default: return .none
        }
      }
    }
  }

  @Test func actionsFromAnyThreadArriveInOrder() async {
    let client = FakeClient()
    let store = Self.store(client)
    let task = store.send(.start)
    #expect(client.emitters.count == 1, "the body runs synchronously when the store starts the effect")
    let subscriber = client.emitters.values[0]
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        for n in 1...50 { subscriber.send(.value(n)) }
        subscriber.send(completion: .finished)
        continuation.resume()
      }
    }
    await task.finish()
    #expect(store.state == [.start] + (1...50).map(Event.value))
    #expect(client.teardowns.count == 1)
    #expect(store.runningEffectCount == 0)
  }

  @Test func cancellationTearsDownExactlyOnce() async {
    let client = FakeClient()
    let store = Self.store(client)
    let task = store.send(.start)
    store.send(.stop)
    await task.finish()
    client.emitters.values[0].send(.value(1))
    client.emitters.values[0].send(completion: .finished)
    #expect(client.teardowns.count == 1)
    #expect(store.state == [.start, .stop])
    #expect(store.runningEffectCount == 0)
  }

  @Test func releasingTheStoreTearsDownTheClient() async {
    let client = FakeClient()
    var store: Store<[Event], Event>? = Self.store(client)
    let task = store?.send(.start)
    store = nil
    await task?.finish()
    #expect(client.teardowns.count == 1)
  }

  @Test func failureGoesToTheCatchHandler() async {
    let client = FakeClient()
    let store = Self.store(client)
    let task = store.send(.start)
    client.emitters.values[0].send(.value(1))
    client.emitters.values[0].send(completion: .failure(ClientError()))
    await task.finish()
    #expect(store.state == [.start, .value(1), .failed("client failed")])
    #expect(client.teardowns.count == 1)
  }

  @Test func unhandledFailureIsReported() async {
    let client = FakeClient()
    let store = Self.store(client, handles: false)
    let issues = Recorder<IssueReporting.Issue>()
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      let task = store.send(.start)
      client.emitters.values[0].send(completion: .failure(ClientError()))
      await task.finish()
    }
    #expect(
      issues.values.map(\.message) == [
        "An effect returned by Effect.subscribe completed with an unhandled failure: client failed. Pass a `catch:` handler to turn failures into actions."
      ])
  }

  @Test func retrySubscribesAgainAfterAFailure() async {
    let client = FakeClient()
    let store = Self.store(client, retries: 2)
    let task = store.send(.start)
    for attempt in 0..<3 {
      #expect(await client.emitters.waitForCount(attempt + 1))
      client.emitters.values[attempt].send(.value(attempt))
      client.emitters.values[attempt].send(completion: .failure(ClientError()))
    }
    await task.finish()
    #expect(client.emitters.count == 3)
    #expect(client.teardowns.count == 3)
    #expect(store.state == [.start, .value(0), .value(1), .value(2), .failed("client failed")])
  }
}
