import Braid
import BraidTestSupport
import BraidTesting
import Synchronization
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct EffectResourcesTests {
  /// A stand-in for a delegate-style manager: it records its own stops.
  final class Manager: Sendable {
    let number: Int
    private let stops = SanitizerVisibleMutex(0)
    private let requests = SanitizerVisibleMutex(0)

    init(number: Int) { self.number = number }

    func stop() { stops.withLock { $0 += 1 } }
    func request() { requests.withLock { $0 += 1 } }
    var stopCount: Int { stops.withLock { $0 } }
    var requestCount: Int { requests.withLock { $0 } }
  }

  /// A client in the seed's shape: `create` keeps a manager per id, commands look it up.
  final class Client: Sendable {
    let managers = EffectResources<Manager>()
    let created = Recorder<Manager>()

    func create(id: String, sendAtCreation: Bool) -> Effect<Int> {
      .subscribe { subscriber in
        let manager = Manager(number: self.created.count)
        self.created.append(manager)
        if sendAtCreation { subscriber.send(manager.number) }
        return self.managers.insert(manager, for: id, subscriber: subscriber) { $0.stop() }
      }
      .cancellable(id: id, cancelInFlight: true)
    }

    func request(id: String) -> Effect<Never> {
      managers.command(id) { $0.request() }
    }
  }

  enum Action: Equatable, Sendable {
    case start
    case request
    case stop
    case event(Int)
  }

  nonisolated static func feature(_ client: Client, sendAtCreation: Bool = false) -> Reduce<[Int], Action> {
    Reduce { state, action in
      switch action {
      case .start: return client.create(id: "tracker", sendAtCreation: sendAtCreation).map(Action.event)
      case .request: return client.request(id: "tracker").fireAndForget()
      case .stop: return .cancel(id: "tracker")
      case .event(let value):
        state.append(value)
        return .none
      }
    }
  }

  @Test(arguments: [false, true])
  func restartingUnderOneIDKeepsExactlyTheNewestManager(sendAtCreation: Bool) async {
    let client = Client()
    let store = Store(initialState: [Int]()) { Self.feature(client, sendAtCreation: sendAtCreation) }
    var tasks: [StoreTask] = []
    for _ in 0..<100 { tasks.append(store.send(.start)) }
    #expect(client.created.count == 100)
    #expect(client.managers.count == 1)
    // Every replaced manager was stopped exactly once, before the next one was created.
    #expect(client.created.values.dropLast().allSatisfy { $0.stopCount == 1 })
    #expect(client.created.values.last?.stopCount == 0)
    store.send(.request)
    #expect(client.created.values.last?.requestCount == 1)
    #expect(client.created.values.dropLast().allSatisfy { $0.requestCount == 0 })
    store.send(.stop)
    for task in tasks { await task.finish() }
    #expect(client.managers.count == 0)
    #expect(client.created.values.allSatisfy { $0.stopCount == 1 })
    #expect(store.runningEffectCount == 0)
  }

  @Test func teardownHasRunWhenTheCancellingSendReturns() {
    let client = Client()
    let store = Store(initialState: [Int]()) { Self.feature(client) }
    store.send(.start)
    let manager = client.created.values[0]
    store.send(.stop)
    #expect(manager.stopCount == 1)
    #expect(client.managers.count == 0)
  }

  @Test func aReleasedStoreTearsItsManagersDown() {
    let client = Client()
    var store: Store<[Int], Action>? = Store(initialState: [Int]()) { Self.feature(client) }
    store?.send(.start)
    let manager = client.created.values[0]
    store = nil
    #expect(manager.stopCount == 1)
    #expect(client.managers.count == 0)
  }

  @Test func twoStoresWithOneIDHaveTheirOwnManagers() {
    let client = Client()
    let first = Store(initialState: [Int]()) { Self.feature(client) }
    let second = Store(initialState: [Int]()) { Self.feature(client) }
    first.send(.start)
    second.send(.start)
    #expect(client.managers.count == 2)
    second.send(.request)
    #expect(client.created.values.map(\.requestCount) == [0, 1])
    first.send(.stop)
    #expect(client.created.values.map(\.stopCount) == [1, 0])
    #expect(client.managers.count == 1)
    second.send(.stop)
  }

  struct Row: Reducer {
    let client: Client
    var body: some Reducer<[Int], Action> { EffectResourcesTests.feature(client) }
  }

  struct RowState: Equatable, Identifiable {
    let id: Int
    var events: [Int] = []
  }

  @Test func twoRowsWithOneIDHaveTheirOwnManagers() {
    let client = Client()
    enum ListAction: Equatable, Sendable {
      case rows(IdentifiedAction<Int, Action>)
      case remove(Int)
    }
    let store = Store(initialState: [RowState(id: 1), RowState(id: 2)] as IdentifiedArrayOf<RowState>) {
      Reduce<IdentifiedArrayOf<RowState>, ListAction> { state, action in
        if case .remove(let id) = action { state.remove(id: id) }
        return .none
      }
      .forEach(\.self, action: /ListAction.rows) {
        Scope(state: \RowState.events, action: CasePath(embed: { $0 }, extract: { $0 })) { Row(client: client) }
      }
    }
    store.send(.rows(.element(id: 1, action: .start)))
    store.send(.rows(.element(id: 2, action: .start)))
    #expect(client.managers.count == 2)
    store.send(.rows(.element(id: 2, action: .request)))
    #expect(client.created.values.map(\.requestCount) == [0, 1])
    // Removing a row cancels its effects: its manager stops at once, the other keeps running.
    store.send(.remove(1))
    #expect(client.created.values.map(\.stopCount) == [1, 0])
    #expect(client.managers.count == 1)
    store.send(.rows(.element(id: 2, action: .stop)))
    #expect(client.managers.count == 0)
  }

  @Test func aReplacedEntrysTokenRemovesOnlyItself() {
    let managers = EffectResources<Manager>()
    let first = Manager(number: 1)
    let second = Manager(number: 2)
    let scope = Recorder<EffectScope>()
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, action in
        guard action == 0 else { return .cancel(id: "tracker") }
        return .subscribe { (subscriber: EffectSubscriber<Int>) in
          scope.append(subscriber.scope)
          let replaced = managers.insert(first, for: "tracker", subscriber: subscriber) { $0.stop() }
          let current = managers.insert(second, for: "tracker", subscriber: subscriber) { $0.stop() }
          // The replaced entry's token stops its own manager and leaves the new entry alone.
          replaced.cancel()
          return current
        }
        .cancellable(id: "tracker")
      }
    }
    store.send(0)
    #expect(first.stopCount == 1)
    #expect(second.stopCount == 0)
    #expect(managers["tracker", in: scope.values[0]] === second)
    store.send(1)
    #expect(second.stopCount == 1)
    #expect(managers.count == 0)
  }

  @Test func aCommandWithoutAManagerIsReported() {
    let client = Client()
    let store = Store(initialState: [Int]()) { Self.feature(client) }
    let issues = Recorder<IssueReporting.Issue>()
    IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      store.send(.request)
    }
    #expect(
      issues.values.map(\.message) == [
        "No effect with id tracker holds a Manager in this store and child feature. Send commands after the effect that creates it starts, and before it ends."
      ])
  }

  @Test func eventsStillFlowFromTheNewestManager() async {
    let client = Client()
    let store = Store(initialState: [Int]()) { Self.feature(client, sendAtCreation: true) }
    let first = store.send(.start)
    let second = store.send(.start)
    await first.finish()
    // Both managers announce themselves at creation. The two starts run in one turn of the main
    // actor, so the first announcement is still undelivered when its effect is cancelled, and is
    // dropped with it; the newest manager's arrives (fails if the replacement dropped the newest
    // subscriber, or let a cancelled one deliver).
    #expect(await store.until { !$0.isEmpty })
    #expect(store.state == [1])
    store.send(.stop)
    await second.finish()
  }
}
