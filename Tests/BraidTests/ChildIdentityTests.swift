import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// TCA's rule: an `Identifiable` child replaced by one with another `id` is a
/// new child, and the old one's effects are cancelled; the same `id` keeps them.
@MainActor
@Suite(.checksStoreLeaks)
struct ChildIdentityTests {
  struct Child: Reducer {
    struct State: Equatable, Identifiable {
      var id: Int
      var count = 0
    }

    enum Action: Equatable, Sendable { case work }

    let ended: Recorder<String>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      let ended = self.ended
      return .run { [id = state.id] _ in
        do {
          try await suspendUntilCancelled()
        } catch {
          ended.append("child \(id) cancelled")
        }
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      var child: Child.State?
    }

    enum Action: Equatable, Sendable {
      case child(Child.Action)
      case replaceChild(id: Int)
      case bumpChildCount
    }

    let ended: Recorder<String>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .replaceChild(let id): state.child = Child.State(id: id)
        case .bumpChildCount: state.child?.count += 1
        case .child: break
        }
        return .none
      }
      .ifLet(\.child, action: /Action.child) { Child(ended: ended) }
    }
  }

  /// A destination enum: the child lives in a case.
  struct Destination: Reducer {
    enum State: Equatable {
      case none
      case detail(Child.State)
    }

    enum Action: Equatable, Sendable {
      case detail(Child.Action)
      case show(id: Int)
    }

    let ended: Recorder<String>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .show(let id) = action { state = .detail(Child.State(id: id)) }
        return .none
      }
      .ifCaseLet(/State.detail, action: /Action.detail) { Child(ended: ended) }
    }
  }

  @Test func replacingAnIfLetChildWithAnotherIDCancelsTheOldChildsEffects() async {
    let ended = Recorder<String>()
    let store = Store(initialState: Parent.State(child: Child.State(id: 1))) { Parent(ended: ended) }
    let task = store.send(.child(.work))
    #expect(store.runningEffectCount == 1)
    // Same child, changed: its effects go on.
    store.send(.bumpChildCount)
    store.send(.replaceChild(id: 1))
    #expect(store.runningEffectCount == 1)
    // Another child: the first one's effects end.
    store.send(.replaceChild(id: 2))
    await task.finish()
    #expect(ended.values == ["child 1 cancelled"])
    #expect(store.runningEffectCount == 0)
  }

  @Test func replacingAnIfCaseLetChildWithAnotherIDCancelsTheOldChildsEffects() async {
    let ended = Recorder<String>()
    let store = Store(initialState: Destination.State.detail(Child.State(id: 7))) { Destination(ended: ended) }
    let task = store.send(.detail(.work))
    store.send(.show(id: 7))
    #expect(store.runningEffectCount == 1)
    store.send(.show(id: 8))
    await task.finish()
    #expect(ended.values == ["child 7 cancelled"])
  }

  @Test func aChildActionInAnotherCaseIsReportedWithTheCurrentState() {
    let store = Store(initialState: Destination.State.none) { Destination(ended: Recorder()) }
    let issues = Recorder<IssueReporting.Issue>()
    IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      store.send(.detail(.work))
    }
    #expect(issues.count == 1)
    let message = issues.values.first?.message ?? ""
    #expect(message.contains("received a child action when state was in a different case"))
    #expect(message.contains("The state was:\n.none\n"))
  }
}
