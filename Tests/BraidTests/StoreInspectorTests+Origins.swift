import Braid
import BraidTestSupport
import Testing

/// Where an action came from, for the origins beyond a plain send: a scoped store, and the
/// effects of the store's mount and dismount hooks.
extension StoreInspectorTests {
  @Test func anActionFromAScopedStoreSaysSo() async {
    let log = EventLog<Fetch.State, Fetch.Action>()
    let store = Store(initialState: Fetch.State(), inspector: log.inspector()) { Fetch() }
    let child = store.scope(state: \.value, action: { (value: Int) in Fetch.Action.response(value) })
    child.send(5)
    store.send(.response(6))
    #expect(store.state.value == 6)
    #expect(
      log.lines() == [
        "#1 mounted",
        "#2 action .response(5) (scoped store)",
        "#3 state",
        "#4 action .response(6) (external)",
        "#5 state",
      ])
  }

  @Test func anActionFromAScopedStoreActorSaysSo() async {
    let log = EventLog<Fetch.State, Fetch.Action>()
    let store = StoreActor(initialState: Fetch.State(), inspector: log.inspector()) { Fetch() }
    let child = store.scope(state: \.value, action: { (value: Int) in Fetch.Action.response(value) })
    await child.send(5)
    #expect(await store.state.value == 5)
    #expect(log.lines() == ["#1 mounted", "#2 action .response(5) (scoped store)", "#3 state"])
  }

  @Test func actionsFromTheMountAndDismountHooksEffectsSaySo() async {
    let log = EventLog<Fetch.State, Fetch.Action>()
    let store = Store(initialState: Fetch.State(), inspector: log.inspector()) {
      Fetch()
        .onMount { _ in .run { send in await send(.response(1)) } }
        .onDismount { _ in .run { send in await send(.response(2)) } }
    }
    // The mount hook's effect runs in a task of its own: its events are awaited, not timed.
    #expect(await log.events.waitForCount(5))
    await store.dismount().finish()
    #expect(store.state.value == 2)
    #expect(
      log.lines() == [
        "#1 mounted",
        "#2 effect 1 started: run",
        "#3 action .response(1) (mount hook's effect 1)",
        "#4 state",
        "#5 effect 1 finished",
        "#6 dismounted",
        "#7 effect 2 started: run",
        "#8 action .response(2) (dismount hook's effect 2)",
        "#9 state",
        "#10 effect 2 finished",
      ])
  }
}
