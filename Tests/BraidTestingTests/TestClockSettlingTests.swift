import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// In a test with the `.checksStoreLeaks` trait, `TestClock.advance` first waits for the effects
/// of the stores the test made to reach their sleeps, whatever clock they were handed: an effect
/// that makes 500 hops before it sleeps is far beyond the turns `advance` gives on its own.
@MainActor
@Suite(.checksStoreLeaks)
struct TestClockSettlingTests {
  struct SlowStarter: Reducer {
    struct State: Equatable {
      var ticks = 0
    }

    enum Action: Equatable, Sendable {
      case start
      case tick
    }

    /// Handed to the reducer, not set as a dependency.
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { [clock] send in
          for _ in 0..<500 { await Task.yield() }
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      case .tick:
        state.ticks += 1
        // Each tick starts the next, as slowly: one `advance` over several seconds must wait for
        // each new effect's sleep after every wake-up, not only before the first.
        return state.ticks < 3 ? .send(.start) : .none
      }
    }
  }

  @Test func aStoresEffectReachesItsSleepBeforeTheClockMoves() async {
    let clock = TestClock()
    let store = Store(initialState: SlowStarter.State()) { SlowStarter(clock: clock) }
    store.send(.start)
    await clock.advance(by: .seconds(3))
    #expect(store.state.ticks == 3)
    #expect(store.runningEffectCount == 0)
  }

  @Test func aTestStoreSettlesThroughAClockItWasNotGivenAsADependency() async {
    let clock = TestClock()
    let store = TestStore(initialState: SlowStarter.State()) { SlowStarter(clock: clock) }
    await store.send(.start)
    await clock.advance(by: .seconds(3))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.start)
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.start)
    await store.receive(.tick) { $0.ticks = 3 }
  }

  @Test func runFindsASleeperThatWasStillOnItsWay() async {
    let clock = TestClock()
    let store = Store(initialState: SlowStarter.State()) { SlowStarter(clock: clock) }
    store.send(.start)
    await clock.run()
    #expect(store.state.ticks == 3)
  }

  @Test func checkSuspensionSeesASleeperThatWasStillOnItsWay() async {
    let clock = TestClock()
    let store = Store(initialState: SlowStarter.State()) { SlowStarter(clock: clock) }
    store.send(.start)
    await #expect(throws: TestClock<Duration>.SuspensionError(sleepers: 1)) { try await clock.checkSuspension() }
    await clock.advance(by: .seconds(3))
    #expect(store.state.ticks == 3)
  }

  /// TCA's `testRunEscapeFailure`: a `Task {}` the effect starts does not run on the effect's
  /// executor, so `advance` cannot count its work; the test waits for its sleep, then sees the
  /// late send reported and dropped.
  @Test func aSendEscapedIntoATaskIsReportedAfterTheEffectEnded() async {
    struct Escaping: Reducer {
      enum Action: Equatable, Sendable { case tap, response }
      let clock: TestClock<Duration>
      let escaped: Recorder<Task<Void, any Error>>
      func reduce(into state: inout Int, action: Action) -> Effect<Action> {
        switch action {
        case .tap:
          return .run { [clock, escaped] send in
            escaped.append(
              Task {
                try await clock.sleep(for: .seconds(1))
                await send(.response)
              })
          }
        case .response:
          state += 1
          return .none
        }
      }
    }
    let clock = TestClock()
    let escaped = Recorder<Task<Void, any Error>>()
    let issues = Recorder<String>()
    let store = Store(initialState: 0) { Escaping(clock: clock, escaped: escaped) }
    await IssueReporting.withIssueHandler {
      issues.append($0.message)
    } operation: {
      await store.send(.tap).finish()
    }
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .seconds(1))
    _ = try? await escaped.values.first?.value
    #expect(store.state == 0)
    #expect(issues.values.count == 1)
    let report = issues.values.first ?? ""
    #expect(report.hasPrefix("An action was sent from an effect that had already completed: response."))
  }
}
