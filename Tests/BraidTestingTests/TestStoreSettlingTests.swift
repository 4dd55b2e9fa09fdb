import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// `skipReceivedActions` and `skipInFlightEffects` wait for effects to settle: an action already
/// on its way when they are called is skipped, however many hops it still has to make.
@MainActor
@Suite(.checksStoreLeaks)
struct TestStoreSettlingTests {
  /// After its gate opens, an effect makes 50 hops (each a new job) before each action: one
  /// `Task.yield()` on the test's side could never see them arrive.
  struct HeldBack: Reducer {
    struct State: Equatable {
      var values: [Int] = []
    }

    enum Action: Equatable, Sendable {
      case start
      case tick
      case loaded(Int)
    }

    let gate: Gate
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { [gate] send in
          await gate.wait()
          for _ in 0..<50 { await Task.yield() }
          await send(.loaded(1))
          for _ in 0..<50 { await Task.yield() }
          await send(.loaded(2))
        }
      case .tick:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          for _ in 0..<50 { await Task.yield() }
          await send(.loaded(3))
        }
      case .loaded(let value):
        state.values.append(value)
        return .none
      }
    }
  }

  /// Two sleepers due in one `advance`; the first one's work takes 20,000 hops after it wakes,
  /// far more than the turns `advance` gives a woken task on its own.
  struct TwoTimers: Reducer {
    struct State: Equatable { var fired: [Int] = [] }
    enum Action: Equatable, Sendable {
      case start
      case fired(Int)
    }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .merge(
          .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            for _ in 0..<20_000 { await Task.yield() }
            await send(.fired(1))
          },
          .run { [clock] send in
            try await clock.sleep(for: .seconds(2))
            await send(.fired(2))
          }
        )
      case .fired(let n):
        state.fired.append(n)
        return .none
      }
    }
  }

  /// A timer that makes 20,000 hops before it first sleeps.
  struct SlowStart: Reducer {
    struct State: Equatable { var ticks = 0 }
    enum Action: Equatable, Sendable {
      case start
      case tick
    }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { [clock] send in
          for _ in 0..<20_000 { await Task.yield() }
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  @Test func anEffectStartedBeforeAnAdvanceIsAsleepWhenItMoves() async {
    let clock = TestClock()
    let store = TestStore(initialState: SlowStart.State()) {
      SlowStart()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.finish()
  }

  @Test func sleepersDueInOneAdvanceDeliverInDeadlineOrder() async {
    let clock = TestClock()
    let store = TestStore(initialState: TwoTimers.State()) {
      TwoTimers()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await clock.advance(by: .seconds(3))
    await store.receive(.fired(1)) { $0.fired = [1] }
    await store.receive(.fired(2)) { $0.fired = [1, 2] }
    await store.finish()
  }

  @Test func skipReceivedActionsSkipsActionsStillOnTheirWay() async {
    let gate = Gate()
    let store = TestStore(initialState: HeldBack.State()) { HeldBack(gate: gate, clock: TestClock()) }
    await store.send(.start)
    gate.open()
    await store.skipReceivedActions()
    #expect(store.state.values == [1, 2])
    // Exhaustive: an action that arrived after the skip would fail here as unexpected.
    await store.finish()
  }

  @Test func skipReceivedActionsAfterAClockAdvance() async {
    let clock = TestClock()
    let store = TestStore(initialState: HeldBack.State()) { HeldBack(gate: Gate(), clock: clock) }
    await store.send(.tick)
    await store.skipReceivedActions()
    #expect(store.state.values == [])
    await clock.advance(by: .seconds(1))
    await store.skipReceivedActions()
    #expect(store.state.values == [3])
    await store.finish()
  }

  @Test func nonExhaustiveSkipThenFinishLeavesNothingBehind() async {
    let gate = Gate()
    let store = TestStore(initialState: HeldBack.State()) { HeldBack(gate: gate, clock: TestClock()) }
    store.exhaustivity = .off
    await store.send(.start)
    gate.open()
    await store.skipReceivedActions()
    await store.finish()
    #expect(store.state.values == [1, 2])
    let messages = await recordedFailures { await store.finish() }
    #expect(messages.isEmpty)
  }

  @Test func skipInFlightEffectsLetsAnEffectAboutToFinishFinish() async {
    let gate = Gate()
    let store = TestStore(initialState: HeldBack.State()) { HeldBack(gate: gate, clock: TestClock()) }
    await store.send(.start)
    gate.open()
    await store.skipInFlightEffects()
    // The effect had finished, so its actions are there to receive, not left in flight.
    await store.receive(.loaded(1)) { $0.values = [1] }
    await store.receive(.loaded(2)) { $0.values = [1, 2] }
    await store.finish()
  }

  /// An effect that never waits: it hops forever until cancelled.
  struct Spinner: Reducer {
    struct State: Equatable { var spins = 0 }
    enum Action: Equatable, Sendable {
      case start
      case stop
    }
    struct SpinID: Hashable {}

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { _ in
          while !Task.isCancelled { await Task.yield() }
        }
        .cancellable(id: SpinID())
      case .stop:
        return .cancel(id: SpinID())
      }
    }
  }

  /// Effects that never settle end the skip after the job budget — a count of jobs, so a
  /// starved machine cannot end it early — with a failure that says why, instead of hanging or
  /// going on from a state taken at no defined point.
  @Test func aSkipFailsWithTheReasonWhenAnEffectNeverWaits() async {
    let store = TestStore(initialState: Spinner.State()) { Spinner() }
    await store.send(.start)
    let messages = await recordedFailures { await store.skipReceivedActions() }
    #expect(messages == [EffectExecutor.unsettledMessage])
    await store.send(.stop)
    await store.finish()
  }
}
