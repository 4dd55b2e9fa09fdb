import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// `@Presents`, `PresentationAction` and `ifLet(\.$destination, action:)`: dismissal by the
/// parent and by the child, effect teardown, identity, and misuse.
@MainActor
@Suite(.checksStoreLeaks)
struct PresentationTests {
  struct Child: Reducer {
    struct State: Equatable, Sendable, Identifiable {
      var id: Int
      var count = 0
    }
    enum Action: Equatable, Sendable {
      case increment
      case startLongEffect
      case closeTapped
      case closeLater
      case tick
    }
    enum CancelID: Hashable, Sendable { case long }
    let ended: Recorder<String>
    @Dependency(\.dismiss) var dismiss
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .startLongEffect:
        let (ended, id) = (ended, state.id)
        return .run { _ in
          do {
            try await suspendUntilCancelled()
          } catch {
            ended.append("cancelled \(id)")
          }
        }
        .cancellable(id: CancelID.long)
      case .closeTapped:
        return .run { [dismiss] _ in await dismiss() }
      case .closeLater:
        return .run { [dismiss, clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
          await dismiss()
        }
      case .tick:
        return .none
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      @Presents var child: Child.State?
      var log: [String] = []
    }
    enum Action: Equatable, Sendable {
      case child(PresentationAction<Child.Action>)
      case present(Int)
      case close
    }
    let ended: Recorder<String>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .present(let id):
          state.child = Child.State(id: id)
        case .close:
          state.child = nil
        case .child(.dismiss):
          state.log.append("dismissed, child is \(state.child == nil ? "gone" : "still here")")
        case .child(.presented(.increment)):
          state.log.append("parent saw \(state.child?.count ?? -1)")
        case .child:
          break
        }
        return .none
      }
      .ifLet(\.$child, action: /Action.child) { Child(ended: ended) }
    }
  }

  @Test func theChildReducesFirstAndTheParentSeesIt() async {
    let store = TestStore(initialState: Parent.State()) { Parent(ended: Recorder()) }
    await store.send(.present(1)) { $0.child = Child.State(id: 1) }
    await store.send(.child(.presented(.increment))) {
      $0.child?.count = 1
      $0.log = ["parent saw 1"]
    }
    await store.send(.child(.dismiss)) {
      $0.child = nil
      $0.log = ["parent saw 1", "dismissed, child is gone"]
    }
  }

  @Test func theParentEndingThePresentationCancelsTheChildsEffects() async {
    let ended = Recorder<String>()
    let store = Store(initialState: Parent.State()) { Parent(ended: ended) }
    store.send(.present(1))
    let task = store.send(.child(.presented(.startLongEffect)))
    #expect(store.runningEffectCount == 1)
    store.send(.close)
    #expect(store.runningEffectCount == 0)
    await task.finish()
    #expect(ended.values == ["cancelled 1"])
    #expect(store.activeCancellationIDCount == 0)
  }

  @Test func dismissActionCancelsTheChildsEffectsBeforeTheSendReturns() async {
    let ended = Recorder<String>()
    let store = Store(initialState: Parent.State()) { Parent(ended: ended) }
    store.send(.present(1))
    let task = store.send(.child(.presented(.startLongEffect)))
    store.send(.child(.dismiss))
    #expect(store.state.child == nil)
    #expect(store.runningEffectCount == 0)
    await task.finish()
    #expect(ended.values == ["cancelled 1"])
  }

  @Test func replacingTheChildWithAnotherIdentityEndsThePresentation() async {
    let ended = Recorder<String>()
    let store = Store(initialState: Parent.State()) { Parent(ended: ended) }
    store.send(.present(1))
    let first = store.send(.child(.presented(.startLongEffect)))
    store.send(.present(2))
    #expect(store.state.child?.id == 2)
    await first.finish()
    #expect(ended.values == ["cancelled 1"])
    // The second presentation's effect is not hit by the first one's cancellation.
    store.send(.child(.presented(.startLongEffect)))
    #expect(store.runningEffectCount == 1)
    store.send(.close)
    #expect(store.runningEffectCount == 0)
  }

  @Test func rewritingTheSameIdentityKeepsThePresentationAndItsEffects() {
    let store = Store(initialState: Parent.State()) { Parent(ended: Recorder()) }
    store.send(.present(1))
    store.send(.child(.presented(.startLongEffect)))
    store.send(.present(1))
    #expect(store.runningEffectCount == 1)
    store.send(.close)
    #expect(store.runningEffectCount == 0)
  }

  @Test func theChildDismissesItselfThroughTheDependency() async {
    let store = TestStore(initialState: Parent.State()) { Parent(ended: Recorder()) }
    await store.send(.present(1)) { $0.child = Child.State(id: 1) }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
      $0.log = ["dismissed, child is gone"]
    }
  }

  @Test func aChildDismissesItselfAfterATestClocksWait() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent(ended: Recorder())
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present(1)) { $0.child = Child.State(id: 1) }
    await store.send(.child(.presented(.closeLater)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.presented(.tick)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
      $0.log = ["dismissed, child is gone"]
    }
  }

  @Test func aPresentedActionWithNothingPresentedIsReported() {
    let store = Store(initialState: Parent.State()) { Parent(ended: Recorder()) }
    let issues = Recorder<IssueReporting.Issue>()
    IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      store.send(.child(.presented(.increment)))
      store.send(.child(.dismiss))
    }
    #expect(store.state.child == nil)
    #expect(
      issues.values.map(\.message) == [
        """
        An ifLet at BraidTests/PresentationTests.swift:85 received a presented action when nothing was presented: \
        child(Braid.PresentationAction<BraidTests.PresentationTests.Child.Action>.presented(BraidTests.PresentationTests.Child.Action.increment)). \
        Send a child's actions only while it is presented.
        """
      ])
  }

  @Test func dismissOutsideAPresentationIsReported() async {
    let issues = Recorder<IssueReporting.Issue>()
    let store = Store(initialState: Child.State(id: 1)) { Child(ended: Recorder()) }
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      await store.send(.closeTapped).finish()
    }
    #expect(issues.values.count == 1)
    #expect(
      issues.values.first?.message.hasPrefix("dismiss() was called outside the effects of a presented feature") == true)
  }

  @Test func aTestOverrideOfDismissRunsForALeafFeature() async {
    let dismissed = Recorder<String>()
    let store = TestStore(initialState: Child.State(id: 1)) {
      Child(ended: Recorder())
    } withDependencies: {
      $0.dismiss = DismissEffect { dismissed.append("dismissed") }
    }
    await store.send(.closeTapped)
    await store.finish()
    #expect(dismissed.values == ["dismissed"])
  }

  @Test func theTestStoreFailsOnAnUnassertedPresentation() async {
    let store = TestStore(initialState: Parent.State()) { Parent(ended: Recorder()) }
    await withKnownIssue {
      await store.send(.present(1))
    } matching: { issue in
      issue.description.contains(
        """
          PresentationTests.Parent.State(
        −   child: nil,
        +   child: PresentationTests.Child.State(id: 1, count: 0),
            log: [],
          )
        """)
    }
  }
}
