// The tests of the ported feature, written as TCA's testing article shows them; only the
// receive-by-case-path spelling differs (`/Counter.Action.factResponse` for `\.factResponse`).
import Braid
import BraidTesting  // was: import ComposableArchitecture
import Foundation
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct PortedFeatureTests {
  @Test func counterCountsFetchesAFactAndTicks() async {
    let clock = TestClock()
    let logged = LockedStrings()
    let store = TestStore(initialState: Counter.State(id: UUID(0))) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
      $0.numberFact.fetch = { "\($0) is a good number." }
      $0.numberFact.log = { logged.append($0) }
    }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.factButtonTapped)
    await store.receive(/Counter.Action.factResponse) { $0.fact = "1 is a good number." }
    #expect(logged.values == ["1 is a good number."])
    await store.send(.timerButtonTapped) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(2))
    await store.receive(.timerTicked) { $0.count = 2 }
    await store.receive(.timerTicked) { $0.count = 3 }
    await store.send(.timerButtonTapped) { $0.isTimerRunning = false }
    await store.finish()
  }

  @Test(.dependency(\.uuid, .incrementing))
  func listAddsOpensAndRemovesCounters() async {
    let store = TestStore(initialState: CounterList.State()) { CounterList() }
    await store.send(.addButtonTapped) {
      $0.counters = [Counter.State(id: UUID(0))]
    }
    await store.send(.counterTapped(id: UUID(0))) {
      $0.detail = Counter.State(id: UUID(0))
    }
    await store.send(.detail(.incrementButtonTapped)) { $0.detail?.count = 1 }
    await store.send(.dismissDetail) { $0.detail = nil }
    store.exhaustivity = .off
    for _ in 1...9 {
      await store.send(.counters(.element(id: UUID(0), action: .incrementButtonTapped)))
    }
    await store.send(.counters(.element(id: UUID(0), action: .incrementButtonTapped)))
    await store.receive(.counters(.element(id: UUID(0), action: .delegate(.reachedTen)))) {
      $0.counters = []
    }
  }
}

extension UUID {
  /// `00000000-0000-0000-0000-00000000000N`, as TCA's test helpers spell it: `UUID(0)`.
  init(_ value: Int) {
    self.init(uuidString: String(format: "00000000-0000-0000-0000-%012X", value))!
  }
}

/// Strings written from an effect and read by the test.
final class LockedStrings: Sendable {
  private let storage = SanitizerVisibleMutex<[String]>([])
  func append(_ value: String) { storage.withLock { $0.append(value) } }
  var values: [String] { storage.withLock { $0 } }
}
