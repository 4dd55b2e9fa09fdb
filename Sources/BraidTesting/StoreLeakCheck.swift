import Braid
import Testing

/// A Swift Testing trait that checks, after each test, that every store the test made has been
/// released and every effect task those stores started has ended.
///
/// TCA asserts that its cancellation table is empty in every tearDown; this is the same check,
/// per test, for `Store`s and ``TestStore``s alike. A leak — a store kept alive by an effect or
/// observer that captured it, an effect that keeps running after its store cancelled it — fails
/// the test that made it:
///
/// ```swift
/// @Suite(.checksStoreLeaks)
/// struct SearchTests { … }
/// ```
///
/// The checks wait for stores to be released and tasks to end, resumed by those events
/// themselves; only a real leak waits out the bound (thirty seconds, because a loaded one-core
/// machine can take seconds to run a cancelled task) and is reported. Stores made
/// in a detached task are not seen.
public struct StoreLeakCheck: TestTrait, SuiteTrait, TestScoping {
  /// How long a store or effect may take to end after the test before it is a leak.
  let bound: Duration

  /// A check that reports what has not ended `bound` after each test (thirty seconds by default).
  ///
  /// - Parameter bound: How long stores and effects may take to end after the test.
  public init(bound: Duration = .seconds(30)) {
    self.bound = bound
  }

  /// Applies to every test of a suite it is attached to.
  public var isRecursive: Bool { true }

  /// Runs the test with store tracking on, then checks for leaks.
  ///
  /// - Parameters:
  ///   - test: The test or suite.
  ///   - testCase: The test case, or `nil` for a suite (which is only run).
  ///   - function: The test.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil else { return try await function() }
    let tracker = StoreTracker()
    try await StoreHooksScope.$current.withValue(tracker) { try await function() }
    if await !tracker.liveStores.until(timeout: bound, { $0 == 0 }) {
      Issue.record(
        """
        \(tracker.liveStores.value) store(s) made in this test still alive \(bound) after it ended: \
        something retains them — an effect or observer capturing the store, or a global.
        """
      )
    }
    if await !tracker.liveEffects.until(timeout: bound, { $0 == 0 }) {
      Issue.record(
        """
        \(tracker.liveEffects.value) effect task(s) of this test's stores still running \(bound) \
        after it ended: cancelled with their store, they do not stop.
        """
      )
    }
  }
}

extension Trait where Self == StoreLeakCheck {
  /// Checks after each test that the stores it made were released and their effects ended.
  public static var checksStoreLeaks: Self { StoreLeakCheck() }
}
