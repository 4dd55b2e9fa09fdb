import Braid
import BraidTestSupport
import BraidTesting
import Dispatch
import Testing

/// `StoreActor`: a store isolated to an actor of its own runs the same features as the
/// main-actor `Store`, delivers effect actions on its actor, and releases everything it holds.
@Suite(.checksStoreLeaks)
struct StoreActorTests {
  struct Ticker: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var log: [String] = []
      var child = Child()
    }
    struct Child: Equatable, Sendable {
      var name = ""
    }
    enum Action: Equatable, Sendable {
      case tick
      case start(Int)
      case startTimer
      case stopTimer
      case search(String)
      case searched(String)
      case subscribe
      case event(String)
      case child(ChildAction)
    }
    enum ChildAction: Equatable, Sendable { case rename(String) }
    enum CancelID { case timer, search, client }

    let clock: TestClock<Duration>
    let client: Client

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tick:
        state.count += 1
        return .none
      case .start(let count):
        return .run { send in
          for _ in 0..<count { await send(.tick) }
        }
      case .startTimer:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
        .cancellable(id: CancelID.timer)
      case .stopTimer:
        return .cancel(id: CancelID.timer)
      case .search(let query):
        return .run { send in await send(.searched(query)) }
          .debounce(id: CancelID.search, for: .seconds(1), clock: clock)
      case .searched(let query):
        state.log.append("searched \(query)")
        return .none
      case .subscribe:
        return client.events().cancellable(id: CancelID.client)
      case .event(let event):
        state.log.append(event)
        return .none
      case .child(.rename(let name)):
        state.child.name = name
        return .none
      }
    }
  }

  /// A delegate-style client: `emit` calls back every subscriber; teardowns are recorded.
  final class Client: Sendable {
    let subscribers = Recorder<EffectSubscriber<Ticker.Action>>()
    let teardowns = Recorder<String>()

    func events() -> Effect<Ticker.Action> {
      .subscribe { subscriber in
        self.subscribers.append(subscriber)
        return AnyCancellable { self.teardowns.append("teardown") }
      }
    }
  }

  func makeStore(clock: TestClock<Duration> = TestClock(), client: Client = Client())
    -> StoreActor<Ticker.State, Ticker.Action>
  {
    StoreActor(initialState: Ticker.State()) { Ticker(clock: clock, client: client) }
  }

  @Test func sendReducesOnTheActorAndEffectsSendBack() async {
    let store = makeStore()
    await store.send(.tick)
    await store.send(.start(100)).finish()
    #expect(await store.state.count == 101)
    #expect(await store.runningEffectCount == 0)
  }

  @MainActor
  @Test func mountEffectsDeliverOnceTheStoreIsMadeEvenFromTheMainActor() async {
    // The mount runs in the initializer, outside the actor; actions its effects send at once
    // wait for the store to be bound to its actor, so none is lost or reduced concurrently.
    let store = StoreActor(initialState: Ticker.State()) {
      Ticker(clock: TestClock(), client: Client())
        .onMount { _ in .merge(.send(.tick), .run { send in for _ in 0..<100 { await send(.tick) } }) }
    }
    #expect(await store.until { $0.count == 101 })
    #expect(await store.state.count == 101)
  }

  /// Whether the caller runs on the main dispatch queue, which runs the main actor's jobs here
  /// (on Linux they may run off the process's main thread, so thread identity cannot tell).
  enum MainQueue {
    static let key: DispatchSpecificKey<Bool> = {
      let key = DispatchSpecificKey<Bool>()
      DispatchQueue.main.setSpecific(key: key, value: true)
      return key
    }()

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
  }

  /// Records, for every action, whether it was reduced on the main queue.
  struct Probe: Reducer {
    let onMainQueue: Recorder<Bool>

    func reduce(into state: inout Int, action: Int) -> Effect<Int> {
      onMainQueue.append(MainQueue.isCurrent)
      state += 1
      guard action > 0 else { return .none }
      return .run { send in await send(action - 1) }
    }
  }

  @Test func effectActionsAreDeliveredWithoutTheMainActor() async {
    _ = MainQueue.key
    let onActor = Recorder<Bool>()
    let store = StoreActor(initialState: 0) { Probe(onMainQueue: onActor) }
    await store.send(5).finish()
    #expect(await store.state == 6)
    // The first action is sent from this test, off the main actor too; the five effects send
    // the others.
    #expect(onActor.values == Array(repeating: false, count: 6))
    // The probe does see the main queue: the same feature on a main-actor store.
    let onMain = Recorder<Bool>()
    await Self.reduceOnTheMainActor(onMain)
    #expect(onMain.values == Array(repeating: true, count: 6))
  }

  @MainActor
  static func reduceOnTheMainActor(_ recorder: Recorder<Bool>) async {
    let store = Store(initialState: 0) { Probe(onMainQueue: recorder) }
    await store.send(5).finish()
  }

  @Test func cancellationByIDAndTimersRunOnATestClock() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.startTimer)
    await clock.expectSleepers(1)
    await clock.advance(by: .seconds(3))
    #expect(await store.until { $0.count == 3 })
    await store.send(.stopTimer)
    await clock.advance(by: .seconds(3))
    #expect(await store.state.count == 3)
    #expect(await store.runningEffectCount == 0)
  }

  @Test func debounceKeepsTheLastQuery() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.search("a"))
    await store.send(.search("ab"))
    await clock.expectSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(await store.until { $0.log == ["searched ab"] })
    #expect(await store.runningEffectCount == 0)
  }

  @Test func subscribedClientsDeliverAndAreTornDownWhenTheStoreIsReleased() async {
    let client = Client()
    var store: StoreActor<Ticker.State, Ticker.Action>? = makeStore(client: client)
    await store?.send(.subscribe)
    #expect(client.subscribers.count == 1)
    client.subscribers.values.first?.send(.event("fix"))
    #expect(await store?.until { $0.log == ["fix"] } == true)
    #expect(client.teardowns.count == 0)
    store = nil
    #expect(await client.teardowns.waitForCount(1))
    #expect(client.teardowns.values == ["teardown"])
  }

  @Test func valuesDeliverChangesAndEndWhenTheStoreIsReleased() async {
    var store: StoreActor<Ticker.State, Ticker.Action>? = makeStore()
    let counts = await store!.values(of: \.count)
    var iterator = counts.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    await store?.send(.tick)
    await store?.send(.tick)
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == 2)
    store = nil
    #expect(await iterator.next() == nil)
  }

  @Test func scopedHandlesSendEmbeddedActionsAndReadTheChildState() async {
    let store = makeStore()
    let child = store.scope(state: \.child, action: Ticker.Action.child)
    let names = await child.values(of: \.name, delivery: .changesOnly)
    await child.send(.rename("Blob"))
    #expect(await child.state == Ticker.Child(name: "Blob"))
    #expect(await child.withState(\.name.count) == 4)
    var iterator = names.makeAsyncIterator()
    #expect(await iterator.next() == "Blob")
    #expect(await store.state.child.name == "Blob")
  }

  @Test func aSendToAReleasedStoresScopeIsIgnoredWithAWarning() async {
    var store: StoreActor<Ticker.State, Ticker.Action>? = makeStore()
    let child = store!.scope(state: \.child, action: Ticker.Action.child)
    store = nil
    let issues = Recorder<IssueReporting.Issue>()
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      await child.send(.rename("late"))
    }
    #expect(await child.state == nil)
    #expect(
      issues.values.map(\.message) == [
        "An action was sent to a scoped StoreActor whose store has been released: rename(\"late\"). The action was dropped."
      ])
    #expect(issues.values.first?.fileID == "BraidTests/StoreActorTests.swift")
  }

  @Test func dismountStartsTheHookAndCancelsTheRest() async {
    let client = Client()
    let log = Recorder<String>()
    let store = StoreActor(initialState: Ticker.State()) {
      Ticker(clock: TestClock(), client: client)
        .onMount { _ in .send(.subscribe) }
        .onDismount { state in
          log.append("dismounted at \(state.count)")
          return .none
        }
    }
    #expect(client.subscribers.count == 1)
    await store.send(.tick)
    await store.dismount().finish()
    #expect(log.values == ["dismounted at 1"])
    #expect(client.teardowns.values == ["teardown"])
    #expect(await store.runningEffectCount == 0)
  }
}
