import Braid
import BraidTestSupport
import BraidTesting
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct EffectRetryRepeatTests {
  enum Action: Equatable, Sendable {
    case start
    case attempt(Int)
    case succeeded
    case gaveUp(String)
  }

  struct Flaky: Error, CustomStringConvertible {
    var description: String { "flaky" }
  }

  /// An operation that fails `failures` times before it succeeds.
  static func store(failures: Int, retries: Int) -> (Store<[Action], Action>, Recorder<Int>) {
    let attempts = Recorder<Int>()
    let store = Store(initialState: [Action]()) {
      Reduce<[Action], Action> { state, action in
        state.append(action)
        guard action == .start else { return .none }
        return .run { send in
          attempts.append(attempts.count)
          await send(.attempt(attempts.count))
          if attempts.count <= failures { throw Flaky() }
          await send(.succeeded)
        } catch: { error, send in
          await send(.gaveUp("\(error)"))
        }
        .retry(retries)
      }
    }
    return (store, attempts)
  }

  @Test func retryRunsAFailingOperationAgain() async {
    let (store, attempts) = Self.store(failures: 2, retries: 3)
    await store.send(.start).finish()
    #expect(attempts.count == 3)
    #expect(store.state == [.start, .attempt(1), .attempt(2), .attempt(3), .succeeded])
  }

  @Test func retryDeliversTheErrorAfterTheLastAttempt() async {
    let (store, attempts) = Self.store(failures: 10, retries: 2)
    await store.send(.start).finish()
    #expect(attempts.count == 3)
    #expect(store.state == [.start, .attempt(1), .attempt(2), .attempt(3), .gaveUp("flaky")])
  }

  @Test func retryZeroIsTheEffectItself() async {
    let (store, attempts) = Self.store(failures: 1, retries: 0)
    await store.send(.start).finish()
    #expect(attempts.count == 1)
    #expect(store.state == [.start, .attempt(1), .gaveUp("flaky")])
  }

  @Test func repeatCountRunsTheEffectThatManyTimesInOrder() async {
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        guard action == 0 else { return .none }
        return Effect.concatenate(.send(1), .run { send in await send(2) }).repeat(count: 3)
      }
    }
    await store.send(0).finish()
    #expect(store.state == [0, 1, 2, 1, 2, 1, 2])
  }

  @Test func repeatCountZeroDoesNothing() {
    let effect = Effect<Int>.send(1).repeat(count: 0)
    #expect(effect.isNone)
  }

  @Test func repeatForeverRunsUntilCancelled() async {
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        switch action {
        case 0:
          return .run { send in await send(1) }.repeat().cancellable(id: "loop")
        case 1:
          state.append(1)
          return state.count == 5 ? .cancel(id: "loop") : .none
        default:
          return .none
        }
      }
    }
    await store.send(0).finish()
    #expect(store.state == [1, 1, 1, 1, 1])
    #expect(store.runningEffectCount == 0)
  }
}
