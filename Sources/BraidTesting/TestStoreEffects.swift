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

  /// Describes every effect as ``described`` does, except the waits the timing operators build
  /// (`debounce`'s and `throttle`'s): those run, on the clock the feature gave them, and what
  /// they start once their wait is over is described. The test moves time on with its
  /// `TestClock`: a debounce's effect is asserted started after `await clock.advance(by:)` has
  /// passed its quiet time, so the test sees when it fires, not only that it was debounced.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = TestStore(initialState: Search.State(), effects: .describedExceptTiming) {
  ///   Search()
  /// } withDependencies: {
  ///   $0.continuousClock = clock
  /// }
  /// await store.send(.queryChanged("blob")) { $0.query = "blob" }
  /// let wait = store.effectStarted(.run, ids: ["search"], timing: EffectTiming(.debounce, interval: .milliseconds(300)))
  /// await clock.advance(by: .milliseconds(300))
  /// let search = store.effectStarted(.run, ids: ["search"])
  /// ```
  ///
  /// A timed effect ends by itself once what it started has ended.
  case describedExceptTiming
}
