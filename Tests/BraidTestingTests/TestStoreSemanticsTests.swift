import Braid
import BraidTestSupport
import BraidTesting
import Foundation
import Testing

/// TCA's TestStore rules where Braid used to differ: skipped effects keep running, and
/// a TestStore orders synchronous effects as a Store does.
@MainActor
@Suite(.checksStoreLeaks)
struct TestStoreSemanticsTests {
  typealias Feature = TestStoreFeature

  @Test func skippedEffectsKeepRunningAndTheirActionsMustStillBeReceived() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await store.skipInFlightEffects()
    // Not cancelled: the timer still ticks, and its action is received like any other.
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 1 }
    await store.send(.stopTimer)
    await store.finish()
  }

  struct FailingSignUp: Reducer {
    struct State: Equatable { var error: String? }
    enum Action: Equatable {
      case submit
      case failed(String)
    }
    struct Rejected: Error {}

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .submit:
        return .run { _ in
          throw Rejected()
        } catch: { _, send in
          // The handler takes a while before it sends.
          for _ in 0..<1_000 { await Task.yield() }
          await send(.failed("rejected"))
        }
      case .failed(let message):
        state.error = message
        return .none
      }
    }
  }

  @Test func anEffectIsInFlightUntilItsCatchHandlerReturns() async {
    let store = TestStore(initialState: FailingSignUp.State()) { FailingSignUp() }
    await store.send(.submit)
    await store.receive(.failed("rejected")) { $0.error = "rejected" }
    await store.finish()
  }

  struct StampedFailure: Reducer {
    struct State: Equatable { var failedAt: Double? }
    enum Action: Equatable {
      case submit
      case failed(at: Double)
    }
    struct Rejected: Error {}
    @Dependency(\.date) var date

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .submit:
        return .run { _ in
          throw Rejected()
        } catch: { _, send in
          // Read inside the handler, as TCA's handlers read dependencies.
          @Dependency(\.date) var date
          await send(.failed(at: date.now.timeIntervalSince1970))
        }
      case .failed(let moment):
        state.failedAt = moment
        return .none
      }
    }
  }

  @Test func aCatchHandlerSeesTheStoresDependencies() async {
    let store = TestStore(initialState: StampedFailure.State()) {
      StampedFailure()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1_000))
    }
    await store.send(.submit)
    await store.receive(.failed(at: 1_000)) { $0.failedAt = 1_000 }
    await store.finish()
  }

  @Test func aStoresCatchHandlerSeesTheStoresDependencies() async {
    let store = Store(initialState: StampedFailure.State()) {
      StampedFailure()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 2_000))
    }
    await store.send(.submit).finish()
    #expect(store.state.failedAt == 2_000)
  }

  /// A handler runs with its effect's dependencies, as its operation does: here those of a
  /// `.dependency` modifier on the reducer, not the store's.
  @Test func aCatchHandlerSeesItsEffectsDependencies() async {
    let store = Store(initialState: StampedFailure.State()) {
      StampedFailure().dependency(\.date, .constant(Date(timeIntervalSince1970: 3_000)))
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 2_000))
    }
    await store.send(.submit).finish()
    #expect(store.state.failedAt == 3_000)
  }

  struct Ordering: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable, Sendable { case start, b2, b3, c1 }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.log.append("\(action)")
      return action == .start ? .merge(.concatenate(.send(.b2), .send(.b3)), .send(.c1)) : .none
    }
  }

  @Test func synchronousConcatenationIsReceivedInTheOrderAStoreReducesIt() async {
    let store = TestStore(initialState: Ordering.State()) { Ordering() }
    await store.send(.start) { $0.log = ["start"] }
    await store.receive(.b2) { $0.log.append("b2") }
    await store.receive(.b3) { $0.log.append("b3") }
    await store.receive(.c1) { $0.log.append("c1") }
  }
}

extension TestStoreSemanticsTests {
  @Test func receiveByPredicate() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.load) { $0.isLoading = true }
    let isLoaded: (Feature.Action) -> Bool = { if case .loaded = $0 { true } else { false } }
    await store.receive(isLoaded) {
      $0.isLoading = false
      $0.fact = "fact 0"
    }
  }

  @Test func aPredicateThatMatchesNothingSaysSo() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.load) { $0.isLoading = true }
    store.exhaustivity = .off
    let messages = await recordedFailures {
      await store.receive({ $0 == .tick }, timeout: .milliseconds(50))
    }
    #expect(messages == ["Expected to receive an action matching the predicate, but no received action matched."])
  }

  @Test func sendByCasePath() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(/Feature.Action.loaded, "a fact") { $0.fact = "a fact" }
  }

  @Test func assertWithoutAnAction() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.exhaustivity = .off
    await store.send(.chain)
    // The two increments were received and not asserted; pin the state as it is now.
    store.assert { $0.count = 2 }
    let messages = await recordedFailures {
      store.assert { $0.count = 3 }
    }
    #expect(messages.count == 1)
  }
}

extension TestStoreSemanticsTests {
  @Test func receivedActionsLeftUnhandledAtASendCanStillBeReceived() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.chain)
    let messages = await recordedFailures {
      await store.send(.noop)
    }
    #expect(
      messages == [
        """
        Must handle 2 received actions before sending an action: …

        Unhandled actions:
          .increment
          .increment
        """
      ])
    // Kept, as TCA keeps them: each is asserted on its own before and after states.
    await store.receive(.increment) { $0.count = 1 }
    await store.receive(.increment) { $0.count = 2 }
    #expect(store.state.count == 2)
    await store.send(.increment) { $0.count = 3 }
    await store.finish()
  }
}
