import Testing

extension Trait where Self == TimeLimitTrait {
  /// Fails a test that hangs, instead of letting it hold up the run: for tests that wait on
  /// real threads, sources or processes.
  ///
  /// It bounds a hang, not a duration. With the whole suite running on two cores, a test waits
  /// for its first turns of the main actor and the cooperative pool behind some 900 others. The
  /// location replay tests take 50 ms alone. In a full local run with every real peer installed
  /// their suites took 31 to 34 s, and in CI, before their waits took one turn each, they
  /// passed the old one-minute limit.
  package static var hangGuard: Self { .timeLimit(.minutes(3)) }
}
