/// What a ``TestStore`` does with the effects its feature returns.
public enum TestStoreEffects: Sendable {
  /// Runs them, as a `Store` does, on the test's clocks and dependencies. The default.
  case run
  /// Runs none of them: each `run` and `subscribe` is described instead, as data (a
  /// Braid's `DescribedEffect`), and the test asserts which started and which were cancelled, and
  /// answers them itself.
  ///
  /// Everything around the asynchronous parts is kept: cancellation ids, `cancelInFlight`,
  /// child scopes and throttling behave as in the application, so cancelling by id cancels the
  /// described effect. Nothing waits on a described effect: ``TestStore/receive(_:timeout:assert:fileID:filePath:line:column:caller:)-(Action,_,_,_,_,_,_,_)``
  /// and ``TestStore/finish(timeout:fileID:filePath:line:column:caller:)`` never wait for one to
  /// send, and what it sends is what the test passes to ``TestStore/answer(_:with:fileID:filePath:line:column:caller:)``.
  /// See <doc:DescribedEffects>.
  case described
}
