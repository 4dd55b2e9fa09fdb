import Braid
import BraidTestSupport
import BraidTesting
import Foundation
import Testing

/// Reducers that contain themselves, through `forEach`, `ifLet` and `ifCaseLet`: building one
/// stops where the reducer reaches itself, and builds the rest as actions reach it.
@MainActor
@Suite(.checksStoreLeaks)
struct RecursiveReducerTests {
  static func uuid(_ number: Int) -> UUID {
    UUID(uuidString: "00000000-0000-0000-0000-\(String(format: "%012x", number))")!
  }

  func nestedStore(log: Recorder<String> = Recorder()) -> Store<NestedRows.State, NestedRows.Action> {
    Store(initialState: NestedRows.State(id: Self.uuid(999))) {
      NestedRows(log: log)
    } withDependencies: {
      $0.uuid = .incrementing
    }
  }

  @Test func rowsAreAddedAtEveryDepthAndRenamedDeepInside() {
    let store = nestedStore()
    store.send(.addRowButtonTapped)
    let first = Self.uuid(0)
    store.send(.rows(.element(id: first, action: .addRowButtonTapped)))
    let second = Self.uuid(1)
    store.send(.rows(.element(id: first, action: .rows(.element(id: second, action: .addRowButtonTapped)))))
    let third = Self.uuid(2)
    store.send(
      .rows(
        .element(
          id: first,
          action: .rows(.element(id: second, action: .rows(.element(id: third, action: .nameTextFieldChanged("deep")))))
        )
      ))
    #expect(store.state.rows.ids == [first])
    #expect(store.state.rows[id: first]?.rows.ids == [second])
    #expect(store.state.rows[id: first]?.rows[id: second]?.rows.ids == [third])
    #expect(store.state.rows[id: first]?.rows[id: second]?.rows[id: third]?.name == "deep")
  }

  @Test func deletingARowCancelsTheEffectsOfItsDescendantsOnly() async {
    let log = Recorder<String>()
    let store = nestedStore(log: log)
    // Two top rows; the first holds a row holding a row. Name them, then start an effect in the
    // first row's child and grandchild, and one in the second top row.
    store.send(.addRowButtonTapped)
    store.send(.addRowButtonTapped)
    let (top, other) = (Self.uuid(0), Self.uuid(1))
    store.send(.rows(.element(id: top, action: .addRowButtonTapped)))
    let child = Self.uuid(2)
    store.send(.rows(.element(id: top, action: .rows(.element(id: child, action: .addRowButtonTapped)))))
    let grandchild = Self.uuid(3)
    func inChild(_ action: NestedRows.Action) -> NestedRows.Action {
      .rows(.element(id: top, action: .rows(.element(id: child, action: action))))
    }
    func inGrandchild(_ action: NestedRows.Action) -> NestedRows.Action {
      inChild(.rows(.element(id: grandchild, action: action)))
    }
    store.send(inChild(.nameTextFieldChanged("child")))
    store.send(inGrandchild(.nameTextFieldChanged("grandchild")))
    store.send(.rows(.element(id: other, action: .nameTextFieldChanged("other"))))
    let tasks = [
      store.send(inChild(.startListening)),
      store.send(inGrandchild(.startListening)),
      store.send(.rows(.element(id: other, action: .startListening))),
    ]
    #expect(await log.waitForCount(3))
    #expect(store.runningEffectCount == 3)

    store.send(.deleteRow(id: top))
    for task in tasks.prefix(2) { await task.finish() }
    #expect(Set(log.values.dropFirst(3)) == ["cancelled child", "cancelled grandchild"])
    #expect(store.runningEffectCount == 1)
    #expect(store.state.rows.ids == [other])

    store.send(.deleteRow(id: other))
    await tasks[2].finish()
    #expect(log.values.last == "cancelled other")
    #expect(store.runningEffectCount == 0)
    #expect(store.activeCancellationIDCount == 0)
  }

  @Test func theTestStoreFollowsTheCaseStudyExhaustively() async {
    let log = Recorder<String>()
    let store = TestStore(initialState: NestedRows.State(id: Self.uuid(999))) {
      NestedRows(log: log)
    } withDependencies: {
      $0.uuid = .incrementing
    }
    let (top, child) = (Self.uuid(0), Self.uuid(1))
    await store.send(.addRowButtonTapped) {
      $0.rows = [NestedRows.State(id: top)]
    }
    await store.send(.rows(.element(id: top, action: .addRowButtonTapped))) {
      $0.rows[id: top]?.rows = [NestedRows.State(id: child)]
    }
    await store.send(.rows(.element(id: top, action: .rows(.element(id: child, action: .nameTextFieldChanged("x")))))) {
      $0.rows[id: top]?.rows[id: child]?.name = "x"
    }
    await store.send(.rows(.element(id: top, action: .rows(.element(id: child, action: .startListening)))))
    // Removing the top row cancels its child's effect: an exhaustive test store would fail at
    // its end with an effect still running.
    await store.send(.deleteRow(id: top)) {
      $0.rows = []
    }
    await store.finish()
    #expect(log.values == ["listening x", "cancelled x"])
  }

  @Test func aChainContainsItselfThroughIfLetThreeLevelsDeep() {
    let store = Store(initialState: Chain.State()) { Chain() }
    store.send(.append)
    store.send(.next(.append))
    store.send(.next(.next(.append)))
    store.send(.next(.next(.next(.increment))))
    store.send(.next(.next(.next(.increment))))
    store.send(.next(.increment))
    #expect(store.state.count == 0)
    #expect(store.state.next?.count == 1)
    #expect(store.state.next?.next?.count == 0)
    #expect(store.state.next?.next?.next?.count == 2)
    store.send(.next(.removeNext))
    #expect(store.state.next?.next == nil)
    #expect(store.state.next?.count == 1)
  }

  @Test func anExpressionContainsItselfThroughIfCaseLetThreeLevelsDeep() {
    let store = Store(initialState: Expression.State.negated(.negated(.negated(.value(1))))) { Expression() }
    store.send(.negated(.negated(.negated(.increment))))
    store.send(.negated(.negated(.negated(.increment))))
    #expect(store.state == .negated(.negated(.negated(.value(3)))))
    // An action for a case the state is not in is reported, not reduced.
    let issues = Recorder<IssueReporting.Issue>()
    IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      store.send(.negated(.negated(.negated(.negated(.increment)))))
    }
    #expect(issues.count == 1)
    #expect(store.state == .negated(.negated(.negated(.value(3)))))
  }

  @Test nonisolated func oneReducerValueServesStoresOnSeveralThreadsAtOnce() async {
    // A built body holds its lazily built level, so every store made from this one value
    // builds that level through the same box, racing on first use. (Containers are not
    // `Sendable`: sharing one across actors takes an unchecked opt-out, as here.)
    struct Shared<Body: Reducer>: @unchecked Sendable { let body: Body }
    let shared = Shared(body: Chain().body)
    await withTaskGroup(of: Int?.self) { group in
      for _ in 0..<8 {
        group.addTask {
          let store = StoreActor(initialState: Chain.State(next: Chain.State(next: Chain.State()))) { shared.body }
          for _ in 0..<50 { await store.send(.next(.next(.increment))) }
          return await store.state.next?.next?.count
        }
      }
      for await count in group { #expect(count == 50) }
    }
  }
}
