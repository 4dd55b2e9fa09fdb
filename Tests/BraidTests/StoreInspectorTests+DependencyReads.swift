import Braid
import BraidTestSupport
import Foundation
import Testing

/// The values a reducer draws from `uuid`, `date`, `withRandomNumberGenerator` and clocks while
/// reducing are in the stream, between the action and its state, for a replay to give back;
/// the effect's UUID (…0001) is not (effects are not replayed).
extension StoreInspectorTests {
  @Test func valuesDrawnWhileReducingAreReportedAndAnEffectsAreNot() async {
    let log = EventLog<Drawing.State, Drawing.Action>()
    let store = Store(initialState: Drawing.State(), inspector: log.inspector()) {
      Drawing()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 1_000))
      $0.withRandomNumberGenerator = .seeded(7)
    }
    await store.send(.draw).finish()
    var seeded = SeededRandomNumberGenerator(seed: 7)
    let bits = [seeded.next(), seeded.next()]
    #expect(store.state.ids.count == 2)
    #expect(
      log.lines() == [
        "#1 mounted",
        "#2 action .draw (external)",
        "#3 read uuid 00000000-0000-0000-0000-000000000000",
        "#4 read date 1000.0",
        "#5 read random numbers \(bits)",
        "#6 state",
        "#7 effect 1 started: run by #2",
        "#8 action .drewInEffect (effect 1)",
        "#9 read uuid 00000000-0000-0000-0000-000000000002",
        "#10 state",
        "#11 effect 1 finished",
      ])
  }

  /// A clock's `now` read while reducing is reported as its offset from the clock's zero: a
  /// test clock's own, the live suspending clock's first use. Read in an effect, it is not.
  @Test func clockReadsWhileReducingAreReportedAsOffsets() async {
    let log = EventLog<Timing.State, Timing.Action>()
    let clock = TestClock()
    let store = Store(initialState: Timing.State(), inspector: log.inspector()) {
      Timing()
    } withDependencies: {
      $0.context = .live
      $0.continuousClock = clock
    }
    await clock.advance(by: .milliseconds(1_500))
    await store.send(.time).finish()
    #expect(store.state.testOffset == .milliseconds(1_500))
    let lines = log.lines()
    #expect(lines.prefix(3) == ["#1 mounted", "#2 action .time (external)", "#3 read clock now 1.5 seconds"])
    // The live clock counts from its first use, which was this reduction or an earlier test's.
    #expect(lines.dropFirst(3).first?.hasPrefix("#4 read clock now ") == true)
    #expect(
      Array(lines.dropFirst(4)) == [
        "#5 state", "#6 effect 1 started: run by #2", "#7 action .timed (effect 1)", "#8 state",
        "#9 effect 1 finished",
      ])
  }

  /// Reads a test clock and the live suspending clock while reducing, and the test clock again
  /// in an effect.
  struct Timing: Reducer {
    struct State: Equatable, Sendable { var testOffset: Duration? }
    enum Action: Equatable, Sendable { case time, timed }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.suspendingClock) var suspendingClock

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .time:
          state.testOffset = (clock.now as? OffsetInstant<Duration>)?.offset
          _ = suspendingClock.now
          return .run { [clock] send in
            _ = clock.now
            await send(.timed)
          }
        case .timed:
          return .none
        }
      }
    }
  }

  /// Draws a UUID, a date and two random numbers while reducing, and a UUID in an effect.
  struct Drawing: Reducer {
    struct State: Equatable, Sendable {
      var ids: [UUID] = []
      var date: Date?
      var roll: UInt64 = 0
    }
    enum Action: Equatable, Sendable { case draw, drewInEffect }
    @Dependency(\.uuid) var uuid
    @Dependency(\.date) var date
    @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .draw:
          state.ids.append(uuid())
          state.date = date.now
          state.roll = withRandomNumberGenerator { $0.next() ^ $0.next() }
          return .run { [uuid] send in
            _ = uuid()
            await send(.drewInEffect)
          }
        case .drewInEffect:
          state.ids.append(uuid())
          return .none
        }
      }
    }
  }
}
