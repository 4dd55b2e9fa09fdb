import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// `onMount`, `onMount(id:)` and `onDismount`: a store's root mounts when the store is made and
/// dismounts when it is dismounted or released; `ifLet`, `forEach` and `ifCaseLet` children
/// mount when their state appears and dismount when it goes, their other effects cancelled after.
@MainActor
@Suite(.checksStoreLeaks)
struct LifecycleTests {
  /// A client that records subscriptions and teardowns, by name.
  final class Client: Sendable {
    let log = Recorder<String>()

    func subscription<Action: Sendable>(_ name: String) -> Effect<Action> {
      .subscribe { _ in
        self.log.append("subscribe \(name)")
        return AnyCancellable { self.log.append("teardown \(name)") }
      }
    }
  }

  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      var id: Int
      var mounted = false
    }
    enum Action: Equatable, Sendable { case mounted }
    let client: Client

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        state.mounted = true
        return .none
      }
      .onMount { state in .merge(.send(.mounted), client.subscription("row \(state.id)")) }
      .onDismount { state in
        client.log.append("dismount row \(state.id)")
        return .none
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      var log: [String] = []
      var child: Row.State?
      var rows: IdentifiedArrayOf<Row.State> = []
    }
    enum Action: Equatable, Sendable {
      case mounted
      case dismounted
      case present(Int)
      case dismiss
      case add(Int)
      case remove(Int)
      case child(Row.Action)
      case rows(IdentifiedAction<Int, Row.Action>)
    }
    let client: Client

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .mounted: state.log.append("mounted")
        case .dismounted: state.log.append("dismounted")
        case .present(let id): state.child = Row.State(id: id)
        case .dismiss: state.child = nil
        case .add(let id): state.rows.append(Row.State(id: id))
        case .remove(let id): _ = state.rows.remove(id: id)
        case .child, .rows: break
        }
        return .none
      }
      .ifLet(\.child, action: /Action.child) { Row(client: client) }
      .forEach(\.rows, action: /Action.rows) { Row(client: client) }
      .onMount { _ in .merge(.send(.mounted), client.subscription("parent")) }
      .onDismount { _ in .send(.dismounted) }
    }
  }

  @Test func theRootMountsWhenItsStoreIsMade() {
    let client = Client()
    let store = Store(initialState: Parent.State()) { Parent(client: client) }
    #expect(store.state.log == ["mounted"])
    #expect(client.log.values == ["subscribe parent"])
  }

  @Test func anIfLetChildMountsWhenItAppearsAndDismountsWhenItGoes() {
    let client = Client()
    let store = Store(initialState: Parent.State()) { Parent(client: client) }
    store.send(.present(7))
    #expect(store.state.child?.mounted == true)
    #expect(client.log.values == ["subscribe parent", "subscribe row 7"])
    store.send(.dismiss)
    // The dismount hook ran first, then the child's subscription was torn down, before `send`
    // returned; the parent's subscription runs on.
    #expect(client.log.values == ["subscribe parent", "subscribe row 7", "dismount row 7", "teardown row 7"])
    #expect(store.runningEffectCount == 1)
  }

  @Test func forEachMountsAndDismountsEachElementAlone() {
    let client = Client()
    let store = Store(initialState: Parent.State()) { Parent(client: client) }
    store.send(.add(1))
    store.send(.add(2))
    store.send(.remove(1))
    #expect(
      client.log.values == [
        "subscribe parent", "subscribe row 1", "subscribe row 2", "dismount row 1", "teardown row 1",
      ])
    #expect(store.state.rows.map(\.mounted) == [true])
  }

  @Test func childrenPresentWhenTheStoreIsMadeMountWithIt() {
    let client = Client()
    let initial = Parent.State(child: Row.State(id: 1), rows: [Row.State(id: 2)])
    let store = Store(initialState: initial) { Parent(client: client) }
    #expect(Set(client.log.values) == ["subscribe parent", "subscribe row 1", "subscribe row 2"])
    #expect(store.state.child?.mounted == true)
    #expect(store.state.rows[id: 2]?.mounted == true)
  }

  @Test func dismountingTheStoreRunsTheHooksThenCancelsEverything() async {
    let client = Client()
    let store = Store(initialState: Parent.State(child: Row.State(id: 1))) { Parent(client: client) }
    await store.dismount().finish()
    #expect(store.state.log == ["mounted", "dismounted"])
    #expect(client.log.values.suffix(3).contains("dismount row 1"))
    #expect(Set(client.log.values.filter { $0.hasPrefix("teardown") }) == ["teardown parent", "teardown row 1"])
    #expect(store.runningEffectCount == 0)
  }

  @Test func releasingTheStoreRunsTheDismountHookAndDropsItsActions() async {
    let ran = Gate()
    let seen = Recorder<Int>()
    do {
      let store = Store(initialState: 0) {
        Reduce<Int, Int> { state, action in
          state += action
          return .none
        }
        .onDismount { state in
          .run { send in
            seen.append(state)
            await send(1)  // dropped: no store to reduce it
            ran.open()
          }
        }
      }
      store.send(1)
      store.send(2)
    }
    // The hook ran after the store was gone, with its last state; the leak check then sees its
    // store end too.
    await ran.wait()
    #expect(seen.values == [3])
  }

  struct Screen: Reducer {
    enum State: Equatable {
      case home
      case detail(Row.State)
    }
    enum Action: Equatable, Sendable {
      case open(Int)
      case close
      case detail(Row.Action)
    }
    let client: Client

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .open(let id): state = .detail(Row.State(id: id))
        case .close: state = .home
        case .detail: break
        }
        return .none
      }
      .ifCaseLet(/State.detail, action: /Action.detail) { Row(client: client) }
    }
  }

  @Test func anIfCaseLetChildMountsWithItsCaseAndDismountsWhenItChanges() {
    let client = Client()
    let store = Store(initialState: Screen.State.home) { Screen(client: client) }
    store.send(.open(4))
    #expect(store.state == .detail(Row.State(id: 4, mounted: true)))
    store.send(.close)
    #expect(client.log.values == ["subscribe row 4", "dismount row 4", "teardown row 4"])
    #expect(store.runningEffectCount == 0)
  }

  struct Room: Reducer {
    struct State: Equatable {
      var roomID = 1
      var joined: [Int] = []
    }
    enum Action: Equatable, Sendable {
      case enter(Int)
      case joined(Int)
    }
    let client: Client

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .enter(let id): state.roomID = id
        case .joined(let id): state.joined.append(id)
        }
        return .none
      }
      .onMount(id: \.roomID) { state in
        .merge(.send(.joined(state.roomID)), client.subscription("room \(state.roomID)"))
      }
    }
  }

  @Test func onMountWithAnIDRestartsWhenTheIDChanges() {
    let client = Client()
    let store = Store(initialState: Room.State()) { Room(client: client) }
    store.send(.enter(1))  // the same id: nothing restarts
    store.send(.enter(2))
    #expect(store.state.joined == [1, 2])
    #expect(client.log.values == ["subscribe room 1", "teardown room 1", "subscribe room 2"])
    #expect(store.runningEffectCount == 1)
  }

  @Test func theTestStoreReceivesMountActionsAndChecksTheDismount() async {
    let client = Client()
    let store = TestStore(initialState: Parent.State()) { Parent(client: client) }
    await store.receive(.mounted) { $0.log = ["mounted"] }
    await store.send(.present(3)) { $0.child = Row.State(id: 3) }
    await store.receive(.child(.mounted)) { $0.child?.mounted = true }
    await store.dismount()
    await store.receive(.dismounted) { $0.log = ["mounted", "dismounted"] }
    #expect(client.log.values.contains("teardown row 3"))
  }

  @Test func aDismountEffectThatNeverEndsFailsTheDismount() async {
    let gate = Gate()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { _, _ in .none }
        .onDismount { _ in .run { _ in await gate.wait() } }
    }
    let issues = Recorder<IssueReporting.Issue>()
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      await store.dismount(timeout: .zero)
    }
    #expect(
      issues.values.map(\.message) == [
        """
        An effect is still running after the feature dismounted. Dismount effects must finish.

        Still running, started by:
          onDismount
        """
      ])
    gate.open()
    await store.finish()
  }
}
