import Braid
import BraidTestSupport
import BraidTesting
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct IfLetTests {
  struct Parent: Reducer {
    struct State: Equatable {
      var child: CounterFeature.State?
      var childCountSeenByParent: Int?
    }
    enum Action: Equatable, Sendable {
      case child(CounterFeature.Action)
      case present
      case dismiss
    }
    let ended: Recorder<String>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .present:
          state.child = CounterFeature.State()
        case .dismiss:
          state.child = nil
        case .child:
          state.childCountSeenByParent = state.child?.count
        }
        return .none
      }
      .ifLet(\.child, action: /Action.child) {
        CounterFeature(ended: ended)
      }
    }
  }

  @Test func childRunsBeforeTheParent() {
    let store = Store(initialState: Parent.State()) { Parent(ended: Recorder()) }
    store.send(.present)
    store.send(.child(.increment))
    #expect(store.state.child?.count == 1)
    #expect(store.state.childCountSeenByParent == 1)
  }

  @Test func actionForANilChildIsReportedNotCrashed() async {
    let store = Store(initialState: Parent.State()) { Parent(ended: Recorder()) }
    let issues = Recorder<IssueReporting.Issue>()
    IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      store.send(.child(.increment))
    }
    #expect(store.state.child == nil)
    #expect(issues.count == 1)
    #expect(
      issues.values.first?.message == """
        An ifLet at BraidTests/IfLetTests.swift:33 received a child action when child state was nil: \
        child(BraidTests.CounterFeature.Action.increment). Send child actions only while the child state is present.
        """
    )
    #expect(issues.values.first?.fileID == "BraidTests/IfLetTests.swift")
  }

  @Test func dismissingTheChildCancelsItsEffects() async {
    let ended = Recorder<String>()
    let store = Store(initialState: Parent.State()) { Parent(ended: ended) }
    store.send(.present)
    let task = store.send(.child(.startLongEffect))
    #expect(store.runningEffectCount == 1)
    store.send(.dismiss)
    await task.finish()
    #expect(ended.values == ["cancelled"])
    #expect(store.runningEffectCount == 0)
    #expect(store.activeCancellationIDCount == 0)
  }

  @Test func childIdsArePrivateToTheChild() async {
    let ended = Recorder<String>()
    let store = Store(initialState: Parent.State()) {
      Parent(ended: ended)
      Reduce { _, action in
        // The parent cancels an id of the same type and value as the child's: it must not
        // reach the child's effect.
        action == .present ? .cancel(id: CounterFeature.CancelID.long) : .none
      }
    }
    store.send(.present)
    let task = store.send(.child(.startLongEffect))
    store.send(.present)
    #expect(store.runningEffectCount == 1)
    store.send(.child(.cancelOwnEffect))
    await task.finish()
    #expect(ended.values == ["cancelled"])
  }
}
