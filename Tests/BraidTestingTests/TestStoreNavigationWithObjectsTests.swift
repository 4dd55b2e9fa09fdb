import Braid
import BraidTesting
import Testing

/// A state that holds an object (a `@Shared` value) is compared by its content frozen at each
/// step; the presentation's and the stack's bookkeeping (numbers, the next id) take no part in
/// that comparison, as they take none in `==`.
@MainActor
struct TestStoreNavigationWithObjectsTests {
  struct Child: Reducer {
    struct State: Equatable, Sendable { var name: String }
    enum Action: Equatable, Sendable { case rename(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .rename(let name): state.name = name
      }
      return .none
    }
  }

  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      @Shared var user: String
      @Presents var sheet: Child.State?
      var path = StackState<Child.State>()
    }
    enum Action: Equatable, Sendable {
      case show(String)
      case push(String)
      case sheet(PresentationAction<Child.Action>)
      case path(StackAction<Child.State, Child.Action>)
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .show(let name):
          state.sheet = Child.State(name: name)
          return .none
        case .push(let name):
          state.path.append(Child.State(name: name))
          return .none
        case .sheet, .path:
          return .none
        }
      }
      .ifLet(\.$sheet, action: /Action.sheet) { Child() }
      .forEach(\.path, action: /Action.path) { Child() }
    }
  }

  @Test func presentingAndPushingBesideASharedValueAreAssertedAsWritten() async {
    let store = TestStore(initialState: Parent.State(user: Shared(value: "blob"))) { Parent() }
    await store.send(.show("a")) { $0.sheet = Child.State(name: "a") }
    // The presentation now has a number, which the closure's copy never gets.
    await store.send(.sheet(.presented(.rename("b")))) { $0.sheet?.name = "b" }
    await store.send(.sheet(.dismiss)) { $0.sheet = nil }
    await store.send(.show("c")) { $0.sheet = Child.State(name: "c") }
    await store.send(.push("d")) { $0.path.append(Child.State(name: "d")) }
    await store.send(.path(.element(id: 0, action: .rename("e")))) { $0.path[id: 0]?.name = "e" }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
  }

  @Test func aWrongPresentationIsStillShownAsADifference() async {
    let store = TestStore(initialState: Parent.State(user: Shared(value: "blob"))) { Parent() }
    let messages = await recordedFailures {
      await store.send(.show("a")) { $0.sheet = Child.State(name: "z") }
    }
    #expect(messages.count == 1)
    #expect(
      messages.first?.contains(#"−   sheet: TestStoreNavigationWithObjectsTests.Child.State(name: "z"),"#) == true,
      "\(messages)")
    #expect(
      messages.first?.contains(#"+   sheet: TestStoreNavigationWithObjectsTests.Child.State(name: "a"),"#) == true,
      "\(messages)")
  }
}
