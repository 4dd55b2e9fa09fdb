import Braid
import BraidTesting
import Testing

/// 64 tests of a `TestClock`-driven feature whose test stores run on actors of their own (the
/// suite is isolated to no actor), so Swift Testing runs them side by side.
/// `Benchmarks/parallel-tests.sh` times this suite against ``MainActorTestStoreTests``.
@Suite(.checksStoreLeaks)
struct ParallelTestStoreTests {
  @Test(arguments: 0..<64)
  func aTimerTicksOnTheTestClock(_ run: Int) async {
    #expect(await MeteredTicker.runFiveTicks() == 5)
  }
}

/// The same 64 tests with their test stores on the main actor, one after another.
@MainActor
@Suite(.checksStoreLeaks)
struct MainActorTestStoreTests {
  @Test(arguments: 0..<64)
  func aTimerTicksOnTheTestClock(_ run: Int) async {
    #expect(await MeteredTicker.runFiveTicks() == 5)
  }
}
