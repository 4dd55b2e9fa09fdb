import Braid
import BraidTestSupport
import Testing

/// `Reducer.inspect(_:)`: an inspector attached to part of a feature sees that part's actions,
/// states and effects, in its own types and numbering, whatever the rest of the store does.
@MainActor
@Suite(.checksStoreLeaks)
struct ReducerInspectTests {
  typealias EventLog = StoreInspectorTests.EventLog
  typealias Fetch = StoreInspectorTests.Fetch
  typealias Ticker = StoreInspectorTests.Ticker
  typealias Rows = StoreInspectorTests.Rows

  /// A parent with a counter of its own and a `Fetch` child.
  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var fetch = Fetch.State()
    }
    enum Action: Equatable, Sendable {
      case increment
      case fetch(Fetch.Action)
    }
    let child: Reduce<Fetch.State, Fetch.Action>

    var body: some Reducer<State, Action> {
      Scope(state: \.fetch, action: /Action.fetch) { child }
      Reduce { state, action in
        if case .increment = action { state.count += 1 }
        return .none
      }
    }
  }

  @Test func aChildSeesItsOwnActionsStatesAndEffectsOnly() async {
    let log = EventLog<Fetch.State, Fetch.Action>()
    let store = Store(initialState: Parent.State()) {
      Parent(child: Fetch().inspect(log.inspector()))
    }
    store.send(.increment)
    await store.send(.fetch(.tapped)).finish()
    #expect(store.state.fetch.value == 42)
    #expect(
      log.lines() == [
        "#1 action .tapped (origin unknown)",
        "#2 state",
        "#3 effect 1 started: run by #1",
        "#4 action .response(42) (origin unknown)",
        "#5 state",
        "#6 effect 1 finished",
      ])
  }

  /// An inspector attached with `.inspect` stamps its events by reading its `TestClock` while
  /// the reducer runs; those reads are the inspector's, not the reducer's, and never reach the
  /// store's own stream (they did, as `read clock now` lines, before).
  @Test func anAttachedInspectorsOwnClockReadsAreNotTheReducers() async {
    let root = EventLog<Parent.State, Parent.Action>()
    let child = EventLog<Fetch.State, Fetch.Action>()
    let store = Store(initialState: Parent.State(), inspector: root.inspector()) {
      Parent(child: Fetch().inspect(child.inspector()))
    }
    await store.send(.fetch(.tapped)).finish()
    #expect(child.lines().count == 6)
    let rootLines = root.lines()
    #expect(rootLines.contains { $0.contains("action .fetch(.tapped)") })
    #expect(!rootLines.contains { $0.contains("read") }, "\(rootLines)")
  }

  @Test func aCancellableStartedAndCancelledInOnePass() async {
    let log = EventLog<Ticker.State, Ticker.Action>()
    let clock = TestClock()
    let store = Store(initialState: Ticker.State()) { Ticker(clock: clock).inspect(log.inspector()) }
    await store.send(.startAndStop).finish()
    await clock.advance(by: .seconds(5))
    #expect(store.state.ticks == 0)
    #expect(
      log.lines() == [
        "#1 action .startAndStop (origin unknown)",
        "#2 state",
        "#3 effect 1 started: run id timer by #1",
        "#4 effect 1 cancelled",
      ])
  }

  @Test func aRowsEffectCarriesItsPathAndEndsWithTheRow() async {
    let log = EventLog<Rows.State, Rows.Action>()
    let clock = TestClock()
    let store = Store(initialState: Rows.State(rows: [.init(id: 3)])) { Rows(clock: clock).inspect(log.inspector()) }
    let task = store.send(.rows(.element(id: 3, action: .start)))
    store.send(.remove(3))
    await task.finish()
    #expect(store.state.rows.isEmpty)
    #expect(
      log.lines() == [
        "#1 action .rows(.element(id: 3, action: .start)) (origin unknown)",
        "#2 state",
        "#3 \\State.rows[id: 3] effect 1 started: run id \\State.rows[id: 3] by #1",
        "#4 action .remove(3) (origin unknown)",
        "#5 state",
        "#6 \\State.rows[id: 3] effect 1 cancelled",
      ])
  }

  struct Failing: Reducer {
    struct State: Equatable, Sendable { var failures: [String] = [] }
    enum Action: Equatable, Sendable {
      case runTapped, subscribeTapped
      case failed(String)
    }
    struct Failure: Error, CustomStringConvertible {
      let description: String
    }
    let attempts: Recorder<Int>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .runTapped:
          return .run { _ in
            throw Failure(description: "run broke")
          } catch: { error, send in
            await send(.failed("\(error)"))
          }
        case .subscribeTapped:
          return .subscribe { [attempts] subscriber in
            attempts.append(1)
            subscriber.send(completion: .failure(Failure(description: "client broke")))
            return AnyCancellable {}
          } catch: { error, send in
            await send(.failed("\(error)"))
          }
          .retry(1)
        case .failed(let message):
          state.failures.append(message)
          return .none
        }
      }
    }
  }

  @Test func aFailureIsReportedBeforeItsHandlerRunsThenTheEffectFinishes() async {
    let log = EventLog<Failing.State, Failing.Action>()
    let store = Store(initialState: Failing.State()) { Failing(attempts: Recorder()).inspect(log.inspector()) }
    await store.send(.runTapped).finish()
    #expect(store.state.failures == ["run broke"])
    #expect(
      log.lines() == [
        "#1 action .runTapped (origin unknown)",
        "#2 state",
        "#3 effect 1 started: run by #1",
        "#4 effect 1 failed: run broke",
        #"#5 action .failed("run broke") (origin unknown)"#,
        "#6 state",
        "#7 effect 1 finished",
      ])
  }

  @Test func aRetriedClientFailsOnceItsLastAttemptFails() async {
    let log = EventLog<Failing.State, Failing.Action>()
    let attempts = Recorder<Int>()
    let store = Store(initialState: Failing.State()) { Failing(attempts: attempts).inspect(log.inspector()) }
    await store.send(.subscribeTapped).finish()
    #expect(attempts.values.count == 2)
    #expect(store.state.failures == ["client broke"])
    #expect(
      log.lines() == [
        "#1 action .subscribeTapped (origin unknown)",
        "#2 state",
        "#3 effect 1 started: subscribe by #1",
        "#4 effect 1 failed: client broke",
        #"#5 action .failed("client broke") (origin unknown)"#,
        "#6 state",
        "#7 effect 1 finished",
      ])
  }

  @Test func theStateBeforeIsGivenOnlyWhenAsked() async {
    let before = Recorder<Int?>()
    let inspector = StoreInspector<Fetch.State, Fetch.Action>(needsStateBefore: true) { event in
      if case .state(let state, _) = event.kind { before.append(state?.value) }
    }
    let store = Store(initialState: Fetch.State()) { Fetch().inspect(inspector) }
    await store.send(.tapped).finish()
    #expect(before.values == [0, 0])
  }

  @Test func aMountHooksEffectIsReportedWithoutAnAction() async {
    let log = EventLog<Fetch.State, Fetch.Action>()
    let store = Store(initialState: Fetch.State()) {
      Fetch()
        .onMount { _ in .run { send in await send(.response(7)) } }
        .inspect(log.inspector())
    }
    // The hook's effect runs in a task of its own: its four events are awaited, not timed.
    #expect(await log.events.waitForCount(4))
    #expect(store.state.value == 7)
    #expect(
      log.lines() == [
        "#1 effect 1 started: run",
        "#2 action .response(7) (origin unknown)",
        "#3 state",
        "#4 effect 1 finished",
      ])
  }
}
