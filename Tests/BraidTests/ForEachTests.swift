import Braid
import BraidTestSupport
import BraidTesting
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct ForEachTests {
  struct Row: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
      var counter = CounterFeature.State()
    }
    typealias Action = CounterFeature.Action
    let ended: Recorder<String>

    var body: some Reducer<State, Action> {
      Scope(state: \.counter, action: CasePath(embed: { $0 }, extract: { $0 })) {
        CounterFeature(ended: ended)
      }
    }
  }

  struct List: Reducer {
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Row.State> = []
      var delegateLog: [Int] = []
    }
    enum Action: Equatable, Sendable {
      case rows(IdentifiedActionOf<Row>)
      case remove(Int)
      case add(Int)
    }
    let ended: Recorder<String>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .rows(.element(let id, .delegate(.reachedThree))):
          state.delegateLog.append(id)
        case .remove(let id):
          state.rows.remove(id: id)
        case .add(let id):
          state.rows.append(Row.State(id: id))
        case .rows:
          break
        }
        return .none
      }
      .forEach(\.rows, action: /Action.rows) {
        Row(ended: ended)
      }
    }
  }

  @Test func elementActionsReachTheirElementInPlace() {
    let store = Store(initialState: List.State(rows: [Row.State(id: 1), Row.State(id: 2)])) {
      List(ended: Recorder())
    }
    let issues = Recorder<IssueReporting.Issue>()
    IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      for _ in 0..<3 { store.send(.rows(.element(id: 2, action: .increment))) }
    }
    // Present elements are never reported missing, whether or not their reducer starts effects.
    #expect(issues.values.isEmpty)
    #expect(store.state.rows[id: 1]?.counter.count == 0)
    #expect(store.state.rows[id: 2]?.counter.count == 3)
    #expect(store.state.delegateLog == [2])
  }

  @Test func actionForAMissingElementIsReported() {
    let store = Store(initialState: List.State()) { List(ended: Recorder()) }
    let issues = Recorder<IssueReporting.Issue>()
    IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      store.send(.rows(.element(id: 9, action: .increment)))
    }
    #expect(issues.count == 1)
    #expect(
      issues.values.first?.message == """
        A forEach at BraidTests/ForEachTests.swift:50 received an action for a missing element (id 9): \
        rows(Braid.IdentifiedAction<Swift.Int, BraidTests.CounterFeature.Action>.element(id: 9, action: \
        BraidTests.CounterFeature.Action.increment)). Send element actions only for ids in the collection.
        """
    )
  }

  @Test func removingAnElementCancelsOnlyItsEffects() async {
    let ended = Recorder<String>()
    let store = Store(initialState: List.State(rows: [Row.State(id: 1), Row.State(id: 2)])) {
      List(ended: ended)
    }
    let first = store.send(.rows(.element(id: 1, action: .startLongEffect)))
    let second = store.send(.rows(.element(id: 2, action: .startLongEffect)))
    #expect(store.runningEffectCount == 2)
    store.send(.remove(1))
    await first.finish()
    #expect(ended.values == ["cancelled"])
    #expect(store.runningEffectCount == 1)
    store.send(.rows(.element(id: 2, action: .cancelOwnEffect)))
    await second.finish()
    #expect(store.runningEffectCount == 0)
    #expect(store.activeCancellationIDCount == 0)
  }

  @Test func elementsWithTheSameIdTypeDoNotShareCancellation() async {
    let ended = Recorder<String>()
    let store = Store(initialState: List.State(rows: [Row.State(id: 1), Row.State(id: 2)])) {
      List(ended: ended)
    }
    let first = store.send(.rows(.element(id: 1, action: .startLongEffect)))
    let second = store.send(.rows(.element(id: 2, action: .startLongEffect)))
    store.send(.rows(.element(id: 1, action: .cancelOwnEffect)))
    await first.finish()
    #expect(store.runningEffectCount == 1)
    store.send(.remove(2))
    await second.finish()
    #expect(ended.count == 2)
  }

  @Test func addingElementsDoesNotCancelAnything() {
    let store = Store(initialState: List.State(rows: [Row.State(id: 1)])) { List(ended: Recorder()) }
    let task = store.send(.rows(.element(id: 1, action: .startLongEffect)))
    store.send(.add(2))
    #expect(store.runningEffectCount == 1)
    task.cancel()
  }
}
