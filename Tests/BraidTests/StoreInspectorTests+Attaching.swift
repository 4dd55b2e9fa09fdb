import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// Inspectors attached to and removed from a running store, several at once.
extension StoreInspectorTests {
  @Test func twoInspectorsHearTheSameStreamAndOneAttachedLaterHearsFromThenOn() async {
    let first = EventLog<Fetch.State, Fetch.Action>()
    let second = EventLog<Fetch.State, Fetch.Action>()
    var store: Store<Fetch.State, Fetch.Action>? = Store(initialState: Fetch.State()) { Fetch() }
    store?.send(.response(1))
    store?.addInspector(first.inspector())
    store?.send(.response(2))
    store?.addInspector(second.inspector())
    store?.send(.response(3))
    store = nil
    // The stream is numbered from the first inspector attached; the later one joins it.
    #expect(
      first.lines() == [
        "#1 action .response(2) (external)", "#2 state", "#3 action .response(3) (external)", "#4 state",
        "#5 releasing",
        "#6 released",
      ])
    #expect(second.events.values == ["#3 action .response(3) (external)", "#4 state", "#5 releasing", "#6 released"])
  }

  @Test func aRemovedInspectorHearsNothingMore() async {
    let kept = EventLog<Fetch.State, Fetch.Action>()
    let removed = EventLog<Fetch.State, Fetch.Action>()
    let store = Store(initialState: Fetch.State(), inspector: kept.inspector()) { Fetch() }
    let token = store.addInspector(removed.inspector())
    store.send(.response(1))
    token.remove()
    store.send(.response(2))
    token.remove()
    #expect(removed.events.values == ["#2 action .response(1) (external)", "#3 state"])
    #expect(kept.lines().suffix(2) == ["#4 action .response(2) (external)", "#5 state"])
  }

  @Test func anInspectorRemovedByAnotherInTheSameEventDoesNotHearIt() async {
    // The first inspector removes the second when it hears the action: the second hears
    // neither that action nor anything after it.
    let heard = Recorder<String>()
    let tokens = Recorder<InspectorToken>()
    let store = Store(initialState: Fetch.State()) { Fetch() }
    store.addInspector(
      StoreInspector { event in
        if case .action = event.kind { for token in tokens.values { token.remove() } }
      })
    tokens.append(store.addInspector(StoreInspector { heard.append($0.description) }))
    store.send(.response(1))
    store.send(.response(2))
    #expect(heard.values == [])
  }

  @Test func anInspectorThatRemovesItselfHearsNoMore() async {
    let heard = Recorder<String>()
    let tokens = Recorder<InspectorToken>()
    let store = Store(initialState: Fetch.State()) { Fetch() }
    tokens.append(
      store.addInspector(
        StoreInspector { event in
          heard.append(event.description)
          for token in tokens.values { token.remove() }
        }))
    store.send(.response(1))
    #expect(heard.values == ["#1 action .response(1) (external)"])
  }

  @Test func anInspectorThatKeepsItsOwnTokenIsReleasedWithItsStore() async {
    /// Keeps the token of the inspector that captures it, and says when it is released.
    final class Holder: @unchecked Sendable {
      var token: InspectorToken?
      let released: Recorder<String>
      init(released: Recorder<String>) { self.released = released }
      deinit { released.append("released") }
    }
    let released = Recorder<String>()
    var store: Store<Fetch.State, Fetch.Action>? = Store(initialState: Fetch.State()) { Fetch() }
    do {
      let holder = Holder(released: released)
      holder.token = store?.addInspector(StoreInspector { _ in _ = holder })
      store?.send(.response(1))
    }
    #expect(released.values == [])
    store = nil
    #expect(released.values == ["released"])
  }

  @Test func anEffectOfAnInspectedStoreIsReportedToAnInspectorAttachedWhileItRuns() async {
    let clock = TestClock()
    let log = EventLog<Ticker.State, Ticker.Action>()
    let store = Store(initialState: Ticker.State(), inspector: StoreInspector { _ in }) { Ticker(clock: clock) }
    let task = store.send(.start)
    store.addInspector(log.inspector())
    store.send(.stop)
    await task.finish()
    #expect(log.events.values == ["#5 action .stop (external)", "#6 state", "#7 effect 1 cancelled"])
  }

  @Test func aStoreActorTakesAndDropsInspectorsOnItsActor() async {
    let log = EventLog<Fetch.State, Fetch.Action>()
    let store = StoreActor(initialState: Fetch.State()) { Fetch() }
    let token = await store.addInspector(log.inspector())
    await store.send(.tapped).finish()
    token.remove()
    await store.send(.response(3)).finish()
    #expect(
      log.lines() == [
        "#1 action .tapped (external)", "#2 state", "#3 effect 1 started: run by #1",
        "#4 action .response(42) (effect 1)", "#5 state", "#6 effect 1 finished",
      ])
    #expect(await store.state.value == 3)
  }

  @Test func attachingToAScopedStoreIsReportedAndAttachesNothing() async {
    let issues = Recorder<String>()
    let heard = Recorder<String>()
    let store = Store(initialState: Fetch.State()) { Fetch() }
    let scoped = store.scope(state: \.value, action: { (value: Int) in Fetch.Action.response(value) })
    IssueReporting.withIssueHandler {
      issues.append($0.message)
    } operation: {
      scoped.addInspector(StoreInspector { heard.append($0.description) })
    }
    scoped.send(4)
    #expect(store.state.value == 4)
    #expect(heard.values == [])
    #expect(issues.values.count == 1)
    #expect(issues.values.first?.contains("addInspector was called on a scoped store") == true)
  }
}
