import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// The inspection stream's order contract: the exact sequence of events, unsorted, for each
/// shape of work a store does.
@MainActor
@Suite(.checksStoreLeaks)
struct StoreInspectorTests {
  /// Every event an inspector received, as printed, in order.
  final class EventLog<State, Action: Sendable>: Sendable {
    let events = Recorder<String>()
    let sequences = Recorder<UInt64>()

    func inspector(needsStateBefore: Bool = false) -> StoreInspector<State, Action> {
      StoreInspector(needsStateBefore: needsStateBefore, clock: TestClock()) { [events, sequences] event in
        sequences.append(event.sequence)
        events.append(event.description)
      }
    }

    /// The events so far; fails the test unless they are numbered 1, 2, 3… in delivery order.
    func lines(sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
      let numbers = sequences.values
      #expect(numbers == (0..<numbers.count).map { UInt64($0 + 1) }, sourceLocation: sourceLocation)
      return events.values
    }
  }

  @Test func aSendWhoseRunSendsBack() async {
    let log = EventLog<Fetch.State, Fetch.Action>()
    var store: Store<Fetch.State, Fetch.Action>? = Store(initialState: Fetch.State(), inspector: log.inspector()) {
      Fetch()
    }
    await store?.send(.tapped).finish()
    #expect(store?.state.value == 42)
    store = nil
    #expect(
      log.lines() == [
        "#1 mounted",
        "#2 action .tapped (external)",
        "#3 state",
        "#4 effect 1 started: run by #2",
        "#5 action .response(42) (effect 1)",
        "#6 state",
        "#7 effect 1 finished",
        "#8 releasing",
        "#9 released",
      ])
  }

  @Test func aStartAndACancelInTheSameReducerPass() async {
    let log = EventLog<Ticker.State, Ticker.Action>()
    let clock = TestClock()
    let store = Store(initialState: Ticker.State(), inspector: log.inspector()) { Ticker(clock: clock) }
    await store.send(.startAndStop).finish()
    await clock.advance(by: .seconds(5))
    #expect(store.state.ticks == 0)
    #expect(
      log.lines() == [
        "#1 mounted",
        "#2 action .startAndStop (external)",
        "#3 state",
        "#4 effect 1 started: run id timer by #2",
        "#5 effect 1 cancelled",
      ])
  }

  @Test func aDebounce() async {
    let log = EventLog<Search.State, Search.Action>()
    let clock = TestClock()
    let store = Store(initialState: Search.State(), inspector: log.inspector()) { Search(clock: clock) }
    store.send(.typed("b"))
    let task = store.send(.typed("br"))
    await clock.advance(by: .milliseconds(300))
    await task.finish()
    #expect(store.state.results == ["br"])
    #expect(
      log.lines() == [
        "#1 mounted",
        "#2 action .typed(\"b\") (external)",
        "#3 state",
        // Marked as a debounce's wait, with its quiet time.
        "#4 effect 1 started: run id search by #2 (debounce 0.3 seconds)",
        "#5 action .typed(\"br\") (external)",
        "#6 state",
        // cancelInFlight: the waiting effect is cancelled before its successor starts.
        "#7 effect 1 cancelled",
        "#8 effect 2 started: run id search by #5 (debounce 0.3 seconds)",
        // Quiet for 300 ms: the debounced effect runs, inside the waiting one's ids and task.
        "#9 effect 3 started: run id search in effect 2",
        "#10 action .searched(\"br\") (effect 3)",
        "#11 state",
        "#12 effect 3 finished",
        "#13 effect 2 finished",
      ])
  }

  @Test func aForEachRowRemovedWhileItsEffectRuns() async {
    let log = EventLog<Rows.State, Rows.Action>()
    let clock = TestClock()
    let store = Store(initialState: Rows.State(rows: [Row.State(id: 3)]), inspector: log.inspector()) {
      Rows(clock: clock)
    }
    let task = store.send(.rows(.element(id: 3, action: .start)))
    store.send(.remove(3))
    await task.finish()
    await clock.advance(by: .seconds(5))
    #expect(store.state.rows.isEmpty)
    let lines = log.lines()
    #expect(
      lines == [
        "#1 mounted",
        "#2 action .rows(.element(id: 3, action: .start)) (external)",
        "#3 state",
        "#4 \\State.rows[id: 3] effect 1 started: run id \\State.rows[id: 3] by #2",
        "#5 action .remove(3) (external)",
        "#6 state",
        "#7 \\State.rows[id: 3] effect 1 cancelled",
      ])
  }

  @Test func aSubscribeClientRestartedUnderTheSameID() async {
    let log = EventLog<Client.State, Client.Action>()
    let teardowns = Recorder<Int>()
    let store = Store(initialState: Client.State(), inspector: log.inspector()) { Client(teardowns: teardowns) }
    store.send(.connect)
    store.send(.connect)
    #expect(teardowns.values == [1])
    store.send(.disconnect)
    #expect(teardowns.values == [1, 2])
    let lines = log.lines()
    #expect(
      Array(lines.prefix(8)) == [
        "#1 mounted",
        "#2 action .connect (external)",
        "#3 state",
        "#4 effect 1 started: subscribe id client by #2",
        "#5 action .connect (external)",
        "#6 state",
        "#7 effect 1 cancelled",
        "#8 effect 2 started: subscribe id client by #5",
      ])
    // The client's `.connected` sends hop to the main actor, so they come between sends; a send
    // is reduced in one piece: its action, its state, then the cancellation it returned.
    let disconnect = lines.firstIndex { $0.hasSuffix("action .disconnect (external)") }
    #expect(disconnect != nil)
    if let disconnect {
      #expect(lines[(disconnect + 1)...].map { $0.drop { $0 != " " } } == [" state", " effect 2 cancelled"])
    }
  }

  @Test func aStoreActorDeliversOnItsActorInOrder() async {
    let log = EventLog<Fetch.State, Fetch.Action>()
    let store = StoreActor(initialState: Fetch.State(), inspector: log.inspector()) { Fetch() }
    await store.send(.tapped).finish()
    #expect(await store.state.value == 42)
    #expect(
      log.lines() == [
        "#1 mounted",
        "#2 action .tapped (external)",
        "#3 state",
        "#4 effect 1 started: run by #2",
        "#5 action .response(42) (effect 1)",
        "#6 state",
        "#7 effect 1 finished",
      ])
  }

  @Test func aDismountAndARelease() async {
    let log = EventLog<Ticker.State, Ticker.Action>()
    let clock = TestClock()
    var store: Store<Ticker.State, Ticker.Action>? = Store(initialState: Ticker.State(), inspector: log.inspector()) {
      Ticker(clock: clock)
    }
    store?.send(.start)
    await store?.dismount().finish()
    store?.send(.start)
    store = nil
    #expect(
      log.lines() == [
        "#1 mounted",
        "#2 action .start (external)",
        "#3 state",
        "#4 effect 1 started: run id timer by #2",
        "#5 dismounted",
        "#6 effect 1 cancelled",
        "#7 action .start (external)",
        "#8 state",
        "#9 effect 2 started: run id timer by #7",
        "#10 releasing",
        "#11 effect 2 cancelled",
        "#12 released",
      ])
  }

  @Test func stateBeforeIsGivenOnlyWhenAsked() async {
    let befores = Recorder<Int?>()
    let inspector = StoreInspector<Fetch.State, Fetch.Action>(needsStateBefore: true) { event in
      if case .state(let before, let after) = event.kind {
        befores.append(before.map { $0.value * 1000 + after.value })
      }
    }
    let store = Store(initialState: Fetch.State(), inspector: inspector) { Fetch() }
    await store.send(.tapped).finish()
    #expect(befores.values == [0, 42])
    let plain = Recorder<Bool>()
    let without = Store(
      initialState: Fetch.State(),
      inspector: StoreInspector<Fetch.State, Fetch.Action> { event in
        if case .state(let before, _) = event.kind { plain.append(before == nil) }
      }
    ) { Fetch() }
    without.send(.response(1))
    #expect(plain.values == [true])
  }

  @Test func eventsAreStampedByTheInjectedClock() async {
    let clock = TestClock()
    let times = Recorder<Duration>()
    let store = Store(
      initialState: Fetch.State(),
      inspector: StoreInspector<Fetch.State, Fetch.Action>(clock: clock) { times.append($0.time) }
    ) { Fetch() }
    store.send(.response(1))
    await clock.advance(by: .seconds(2))
    store.send(.response(2))
    #expect(times.values == [.zero, .zero, .zero, .seconds(2), .seconds(2)])
  }

  @Test func anInspectorThatSendsOutsideASendHearsItsEventsRightAfterTheCurrentOne() async {
    // A dismount event is delivered outside any send: the send made from inside it reduces at
    // once, and its events are delivered after the dismount event, in order, not inside it.
    let issues = Recorder<String>()
    let log = EventLog<Fetch.State, Fetch.Action>()
    let box = StoreBox<Fetch.State, Fetch.Action>()
    let logging = log.inspector()
    IssueReporting.withIssueHandler {
      issues.append($0.message)
    } operation: {
      box.store = Store(
        initialState: Fetch.State(),
        inspector: StoreInspector<Fetch.State, Fetch.Action> { event in
          logging.receive(event)
          if case .dismounted = event.kind { MainActor.assumeIsolated { _ = box.store?.send(.response(7)) } }
        }
      ) { Fetch() }
      _ = box.store?.dismount()
    }
    #expect(issues.values == [])
    #expect(box.store?.state.value == 7)
    box.store = nil
    #expect(
      log.lines() == [
        "#1 mounted", "#2 dismounted", "#3 action .response(7) (external)", "#4 state", "#5 releasing", "#6 released",
      ])
  }
}

/// A store the test sets after making it, for an inspector to reach.
@MainActor
final class StoreBox<State, Action: Sendable> {
  var store: Store<State, Action>?
}
