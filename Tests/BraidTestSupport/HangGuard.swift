import Testing

extension Trait where Self == TimeLimitTrait {
  /// Fails a test that hangs, instead of letting it hold up the run: for tests that wait on
  /// real threads, sources or processes.
  ///
  /// It bounds a hang, not a duration. With the whole suite running on two cores, a test waits
  /// for its first turns of the main actor and the cooperative pool behind some 900 others: a
  /// location test that takes 50 ms alone took 18 s in a full local run and over 60 s in CI,
  /// where the limit was one minute.
  package static var hangGuard: Self { .timeLimit(.minutes(3)) }
}
