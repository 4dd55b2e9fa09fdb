import Braid
import Testing

extension TestClock {
  /// Waits until at least `count` tasks sleep on this clock, recording an issue at the caller if
  /// that never happens (see ``TestClock/waitForSleepers(_:timeout:)``).
  package func expectSleepers(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
    if await !waitForSleepers(count) {
      Issue.record("Expected \(count) sleepers, found \(pendingSleepers)", sourceLocation: sourceLocation)
    }
  }
}
