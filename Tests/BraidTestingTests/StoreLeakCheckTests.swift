import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// The `.checksStoreLeaks` trait, run around deliberately leaking test bodies (with a zero bound,
/// so nothing waits in real time), fails with what leaked; around clean ones it is silent.
@MainActor
struct StoreLeakCheckTests {
  @MainActor final class Keeper {
    var stores: [Store<Int, Int>] = []
  }

  static func counter() -> Store<Int, Int> {
    Store(initialState: 0) {
      Reduce { state, action in
        state += action
        return .none
      }
    }
  }

  func runChecked(bound: Duration, _ body: @escaping @Sendable () async -> Void) async throws {
    let test = try #require(Test.current)
    try await StoreLeakCheck(bound: bound).provideScope(for: test, testCase: Test.Case.current) { await body() }
  }

  @Test func aStoreStillAliveAfterTheTestFailsIt() async throws {
    let keeper = Keeper()
    try await withKnownIssue {
      try await runChecked(bound: .zero) { @MainActor in keeper.stores.append(Self.counter()) }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        1 store(s) made in this test still alive 0.0 seconds after it ended: something retains them — \
        an effect or observer capturing the store, or a global.
        """
      ]
    }
    keeper.stores.removeAll()
  }

  /// The store is released, but its effect ignores the cancellation.
  @Test func anEffectThatOutlivesItsStoreFailsTheTest() async throws {
    let gate = Gate()
    try await withKnownIssue {
      try await runChecked(bound: .zero) { @MainActor in
        let store = Store(initialState: 0) {
          Reduce<Int, Int> { _, _ in .run { _ in await gate.wait() } }
        }
        store.send(1)
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        1 effect task(s) of this test's stores still running 0.0 seconds after it ended: cancelled with \
        their store, they do not stop.
        """
      ]
    }
    gate.open()
  }

  @Test func storesReleasedAndEffectsEndedPassQuietly() async throws {
    try await runChecked(bound: .seconds(5)) { @MainActor in
      let store = Self.counter()
      store.send(1)
      let test = TestStore(initialState: 0) { Reduce<Int, Int> { _, _ in .run { _ in } } }
      await test.send(1)
      await test.finish()
    }
  }
}
