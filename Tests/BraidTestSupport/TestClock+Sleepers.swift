import Braid

extension TestClock {
  /// Waits, boundedly, until at least `count` tasks sleep on this clock: the effects under test
  /// have reached their sleep, so advancing the clock now reaches them.
  package func waitForSleepers(_ count: Int) async {
    for _ in 0..<100_000 where pendingSleepers < count { await Task.yield() }
  }
}
