import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// TCA's send semantics, the send cascade: a send's task covers everything it sets
/// off, effects that need no waiting stay synchronous inside `concatenate`, and actions are
/// reduced with the store's dependencies.
@MainActor
@Suite(.checksStoreLeaks)
struct SendCascadeTests {
  struct Feature: Reducer {
    struct State: Equatable {
      var log: [String] = []
      var steps = 0
    }

    enum Action: Equatable, Sendable {
      case task, started, tick
      case step(Int)
      case ordered, concatenatedWithWork
      case b2, b3, c1, work
    }

    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.log.append("\(action)")
      switch action {
      case .task:
        return .run { send in await send(.started) }
      case .started:
        // A second-generation effect: started by an action the first effect sent.
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(100))
          await send(.tick)
        }
      case .tick:
        return .none
      case .step(let n):
        state.steps = n
        guard n < 3 else { return .none }
        return .run { [clock] send in
          if n == 2 { try await clock.sleep(for: .seconds(1)) }
          await send(.step(n + 1))
        }
      case .ordered:
        return .merge(.concatenate(.send(.b2), .send(.b3)), .send(.c1))
      case .concatenatedWithWork:
        return .concatenate(.send(.b2), .run { send in await send(.work) }, .send(.b3))
      case .b2, .b3, .c1, .work:
        return .none
      }
    }
  }

  @Test func cancellingASendCancelsTheEffectsOfTheActionsItsEffectsSent() async {
    let clock = TestClock()
    let store = Store(initialState: Feature.State()) { Feature(clock: clock) }
    // Counting the effects' work tells when the first effect has ended and the second sleeps;
    // a sleeper on the clock alone does not (the first may still be returning from `send`).
    let executor = EffectExecutor()
    store.effectExecutor = executor
    let task = store.send(.task)
    #expect(await executor.settle(on: MainActor.shared))
    #expect(clock.pendingSleepers == 1)
    #expect(store.state.log == ["task", "started"])
    #expect(store.runningEffectCount == 1)
    task.cancel()
    await task.finish()
    #expect(task.isCancelled)
    #expect(store.runningEffectCount == 0)
    await clock.advance(by: .seconds(100))
    #expect(store.state.log == ["task", "started"])
  }

  @Test func finishingASendWaitsForItsWholeCascade() async {
    let clock = TestClock()
    let store = Store(initialState: Feature.State()) { Feature(clock: clock) }
    let task = store.send(.step(1))
    let finished = Task { @MainActor in
      await task.finish()
      return store.state.steps
    }
    await clock.expectSleepers(1)
    #expect(store.state.steps == 2)
    await clock.advance(by: .seconds(1))
    #expect(await finished.value == 3)
  }

  @Test func cancellingTheTaskThatFinishesASendCancelsItsCascade() async {
    // The `.task { await store.send(.task).finish() }` lifetime pattern.
    let clock = TestClock()
    let store = Store(initialState: Feature.State()) { Feature(clock: clock) }
    let lifetime = Task { @MainActor in await store.send(.task).finish() }
    await clock.expectSleepers(1)
    lifetime.cancel()
    await lifetime.value
    #expect(store.runningEffectCount == 0)
  }

  @Test func synchronousEffectsInsideConcatenateRunAtOnceAndInOrder() async {
    let store = Store(initialState: Feature.State()) { Feature(clock: TestClock()) }
    store.send(.ordered)
    #expect(store.state.log == ["ordered", "b2", "b3", "c1"])
    #expect(store.runningEffectCount == 0)
  }

  @Test func aConcatenationRunsItsSynchronousPrefixAtOnceAndTheRestInOrder() async {
    let store = Store(initialState: Feature.State()) { Feature(clock: TestClock()) }
    let task = store.send(.concatenatedWithWork)
    #expect(store.state.log == ["concatenatedWithWork", "b2"])
    await task.finish()
    #expect(store.state.log == ["concatenatedWithWork", "b2", "work", "b3"])
  }
}

private enum NumberKey: DependencyKey {
  static let liveValue = 1
  static let testValue = 1
}

extension SendCascadeTests {
  struct ReadsANumber: Reducer {
    struct State: Equatable { var seen: [Int] = [] }
    enum Action: Equatable, Sendable { case tap, response }

    @Dependency(NumberKey.self) var number

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        state.seen.append(number)
        // The effect runs with its own value; the action it sends is the store's to reduce.
        return withDependencies {
          $0[NumberKey.self] = 2
        } operation: {
          .run { send in await send(.response) }
        }
      case .response:
        state.seen.append(number)
        return .none
      }
    }
  }

  @Test func actionsFromEffectsAreReducedWithTheStoresDependencies() async {
    let store = Store(initialState: ReadsANumber.State()) { ReadsANumber() }
    await store.send(.tap).finish()
    #expect(store.state.seen == [1, 1])

    let overridden = Store(initialState: ReadsANumber.State()) {
      ReadsANumber()
    } withDependencies: {
      $0[NumberKey.self] = 3
    }
    await overridden.send(.tap).finish()
    #expect(overridden.state.seen == [3, 3])
  }
}
