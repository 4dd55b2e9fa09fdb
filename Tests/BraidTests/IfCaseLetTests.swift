import Braid
import BraidTestSupport
import BraidTesting
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct IfCaseLetTests {
  struct Parent: Reducer {
    enum State: Equatable, Sendable {
      case counting(CounterFeature.State)
      case idle
    }
    enum Action: Equatable, Sendable {
      case counter(CounterFeature.Action)
      case stop
    }
    let ended: Recorder<String>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if action == .stop { state = .idle }
        return .none
      }
      .ifCaseLet(/State.counting, action: /Action.counter) {
        CounterFeature(ended: ended)
      }
    }
  }

  @Test func childRunsWhileStateIsInItsCase() {
    let store = Store(initialState: Parent.State.counting(.init())) { Parent(ended: Recorder()) }
    store.send(.counter(.increment))
    store.send(.counter(.increment))
    #expect(store.state == .counting(.init(count: 2)))
  }

  @Test func leavingTheCaseCancelsChildEffects() async {
    let ended = Recorder<String>()
    let store = Store(initialState: Parent.State.counting(.init())) { Parent(ended: ended) }
    let task = store.send(.counter(.startLongEffect))
    #expect(store.runningEffectCount == 1)
    store.send(.stop)
    await task.finish()
    #expect(ended.values == ["cancelled"])
    #expect(store.state == .idle)
  }

  @Test func actionInAnotherCaseIsReported() {
    let store = Store(initialState: Parent.State.idle) { Parent(ended: Recorder()) }
    let issues = Recorder<IssueReporting.Issue>()
    IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      store.send(.counter(.increment))
    }
    #expect(store.state == .idle)
    #expect(
      issues.values.first?.message == """
        An ifCaseLet at BraidTests/IfCaseLetTests.swift:25 received a child action when state was in a different case: \
        counter(BraidTests.CounterFeature.Action.increment).

        The state was:
        .idle

        Send child actions only while the state is in the child's case.
        """
    )
  }
}
