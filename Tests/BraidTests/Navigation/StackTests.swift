import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// `StackState`, `StackAction` and `forEach(\.path, action:)`: pushing, popping by the parent
/// and by an element, effect teardown, ids, a presentation inside an element, and misuse.
@MainActor
@Suite(.checksStoreLeaks)
struct StackTests {
  struct Screen: Reducer {
    struct State: Equatable, Sendable {
      var name: String
      var count = 0
      @Presents var sheet: PresentationTests.Child.State?
    }
    enum Action: Equatable, Sendable {
      case increment
      case startLongEffect
      case closeTapped
      case openSheet
      case sheet(PresentationAction<PresentationTests.Child.Action>)
    }
    let ended: Recorder<String>
    @Dependency(\.dismiss) var dismiss

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .increment:
          state.count += 1
          return .none
        case .startLongEffect:
          let (ended, name) = (ended, state.name)
          return .run { _ in
            do { try await suspendUntilCancelled() } catch { ended.append("\(name) cancelled") }
          }
        case .closeTapped:
          return .run { [dismiss] _ in await dismiss() }
        case .openSheet:
          state.sheet = PresentationTests.Child.State(id: 7)
          return .none
        case .sheet:
          return .none
        }
      }
      .ifLet(\.$sheet, action: /Action.sheet) { PresentationTests.Child(ended: ended) }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      var path = StackState<Screen.State>()
      var log: [String] = []
    }
    enum Action: Equatable, Sendable {
      case path(StackAction<Screen.State, Screen.Action>)
      case open(String)
      case backToRoot
    }
    let ended: Recorder<String>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .open(let name):
          state.path.append(Screen.State(name: name))
        case .backToRoot:
          state.path.removeLast(state.path.count)
        case .path(.popFrom(let id)):
          state.log.append("popped from \(id), \(state.path.count) left")
        case .path(.element(let id, .increment)):
          state.log.append("\(id) counted \(state.path[id: id]?.count ?? -1)")
        case .path:
          break
        }
        return .none
      }
      .forEach(\.path, action: /Action.path) { Screen(ended: ended) }
    }
  }

  @Test func elementsAreNumberedInPushOrderAndReduceFirst() async {
    let store = TestStore(initialState: Parent.State()) { Parent(ended: Recorder()) }
    await store.send(.open("a")) { $0.path.append(Screen.State(name: "a")) }
    await store.send(.open("b")) { $0.path[id: 1] = Screen.State(name: "b") }
    #expect(store.state.path.ids == [0, 1])
    await store.send(.path(.element(id: 1, action: .increment))) {
      $0.path[id: 1]?.count = 1
      $0.log = ["#1 counted 1"]
    }
  }

  @Test func pushingAndPoppingByAction() async {
    let store = TestStore(initialState: Parent.State()) { Parent(ended: Recorder()) }
    await store.send(.path(.push(id: 0, state: Screen.State(name: "a")))) {
      $0.path.append(Screen.State(name: "a"))
    }
    await store.send(.path(.push(id: 1, state: Screen.State(name: "b")))) {
      $0.path.append(Screen.State(name: "b"))
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path.removeLast(2)
      $0.log = ["popped from #0, 0 left"]
    }
    // A popped id is not given again.
    await store.send(.open("c")) { $0.path[id: 2] = Screen.State(name: "c") }
  }

  @Test func poppingCancelsThePoppedElementsEffectsOnly() async {
    let ended = Recorder<String>()
    let store = Store(initialState: Parent.State()) { Parent(ended: ended) }
    store.send(.open("a"))
    store.send(.open("b"))
    store.send(.open("c"))
    let a = store.send(.path(.element(id: 0, action: .startLongEffect)))
    let b = store.send(.path(.element(id: 1, action: .startLongEffect)))
    let c = store.send(.path(.element(id: 2, action: .startLongEffect)))
    #expect(store.runningEffectCount == 3)
    store.send(.path(.popFrom(id: 1)))
    #expect(store.runningEffectCount == 1)
    await b.finish()
    await c.finish()
    #expect(Set(ended.values) == ["b cancelled", "c cancelled"])
    store.send(.backToRoot)
    await a.finish()
    #expect(store.runningEffectCount == 0)
    #expect(store.activeCancellationIDCount == 0)
  }

  @Test func anElementDismissesItselfAndEverythingAbove() async {
    let store = TestStore(initialState: Parent.State()) { Parent(ended: Recorder()) }
    await store.send(.open("a")) { $0.path.append(Screen.State(name: "a")) }
    await store.send(.open("b")) { $0.path.append(Screen.State(name: "b")) }
    await store.send(.open("c")) { $0.path.append(Screen.State(name: "c")) }
    await store.send(.path(.element(id: 1, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path.removeLast(2)
      $0.log = ["popped from #1, 1 left"]
    }
  }

  @Test func poppingAnElementEndsThePresentationInsideIt() async {
    let ended = Recorder<String>()
    let store = Store(initialState: Parent.State()) { Parent(ended: ended) }
    store.send(.open("a"))
    store.send(.path(.element(id: 0, action: .openSheet)))
    let sheetEffect = store.send(.path(.element(id: 0, action: .sheet(.presented(.startLongEffect)))))
    #expect(store.runningEffectCount == 1)
    store.send(.backToRoot)
    #expect(store.runningEffectCount == 0)
    await sheetEffect.finish()
    #expect(ended.values == ["cancelled 7"])
  }

  @Test func actionsForIdsNotInTheStackAreReported() {
    let store = Store(initialState: Parent.State()) { Parent(ended: Recorder()) }
    store.send(.open("a"))
    let issues = Recorder<IssueReporting.Issue>()
    IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      store.send(.path(.element(id: 5, action: .increment)))
      store.send(.path(.popFrom(id: 5)))
      store.send(.path(.push(id: 0, state: Screen.State(name: "again"))))
    }
    #expect(store.state.path.ids == [0])
    #expect(store.state.path[id: 0]?.name == "a")
    #expect(
      issues.values.map(\.message) == [
        "A forEach at BraidTests/StackTests.swift:79 received an action for element #5, which is not in the stack: path(Braid.StackAction<BraidTests.StackTests.Screen.State, BraidTests.StackTests.Screen.Action>.element(id: #5, action: BraidTests.StackTests.Screen.Action.increment)). Send a path's actions only for the elements in it.",
        "A forEach at BraidTests/StackTests.swift:79 received a pop of element #5, which is not in the stack: path(Braid.StackAction<BraidTests.StackTests.Screen.State, BraidTests.StackTests.Screen.Action>.popFrom(id: #5)). Send a path's actions only for the elements in it.",
        "A forEach at BraidTests/StackTests.swift:79 received a push of element #0, which is in the stack already: path(Braid.StackAction<BraidTests.StackTests.Screen.State, BraidTests.StackTests.Screen.Action>.push(id: #0, state: BraidTests.StackTests.Screen.State(name: \"again\", count: 0, _sheet: nil))). Send a path's actions only for the elements in it.",
      ])
  }

  @Test func theTestStoreShowsAStackDifferenceByID() async {
    let store = TestStore(initialState: Parent.State()) { Parent(ended: Recorder()) }
    await withKnownIssue {
      await store.send(.open("a")) { $0.path.append(Screen.State(name: "b")) }
    } matching: { issue in
      issue.description.contains(
        """
            path: [
              #0: StackTests.Screen.State(
        −       name: "b",
        +       name: "a",
        """)
    }
  }

  @Test func stackStateIsACollectionOfItsElements() {
    var stack = StackState([Screen.State(name: "a"), Screen.State(name: "b"), Screen.State(name: "c")])
    #expect(stack.map(\.name) == ["a", "b", "c"])
    stack.pop(to: 0)
    #expect(stack.ids == [0])
    stack[0].count = 3
    #expect(stack[id: 0]?.count == 3)
    stack[id: 0] = nil
    #expect(stack.isEmpty)
    #expect(stack.append(Screen.State(name: "d")) == 3)
  }
}
