import Braid

extension TestStore {
  /// Waits for every effect to finish, then asserts that nothing is left: no effect still in
  /// flight and (with ``Exhaustivity/on``) no received action left unasserted.
  ///
  /// Call it at the end of a test that started effects.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for effects; by default ``timeout``.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  ///   - caller: The caller's actor; the step runs on the feature's (see ``TestStore``).
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    caller: isolated (any Actor)? = #isolation
  ) async {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await onFeatureActor { store, actor in
      await store.waitForEffects(timeout: timeout ?? store.timeout)
      store.assertNothingLeft(at: site)
      store.release.finished()
    }
  }

  /// Waits until every tracked effect has finished; returns early once the effects still
  /// running have all settled (they wait on a clock, a subscription or outside input, and
  /// nothing of theirs is running), or after `timeout` of real time.
  func waitForEffects(timeout: Duration, caller: isolated (any Actor)? = #isolation) async {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while store.runningEffectCount > recorder.inFlight.skippedCount || !recorder.inFlight.isEmpty {
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero else { return }
      if await effectExecutor.settle(on: featureActor, timeout: remaining) {
        // Settled: an effect that ended meanwhile has left the counts; the rest wait for input.
        return
      }
    }
  }

  /// Drops the received actions not yet asserted, taking the state after the last of them.
  ///
  /// It first waits for the effects to settle (see <doc:TestStoreTiming>), so an action already
  /// on its way — its effect resumed by a gate, a `TestClock` advance or a reply — is skipped
  /// too, however busy the machine.
  ///
  /// - Parameters:
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  ///   - caller: The caller's actor; the step runs on the feature's (see ``TestStore``).
  public func skipReceivedActions(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    caller: isolated (any Actor)? = #isolation
  ) async {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await onFeatureActor { store, actor in
      await store.settleEffects(at: site)
      if let last = store.recorder.received.last { store.current = last.state }
      store.recorder.removeAllReceived()
    }
  }

  /// Stops tracking every effect still in flight, as TCA does: they keep running, ``finish(timeout:fileID:filePath:line:column:caller:)``
  /// and the end of the test no longer wait for them, and the actions they still send must be
  /// received (or skipped) like any other. They are cancelled when the test store is released.
  ///
  /// It first waits for the effects to settle, so an effect that was about to finish does.
  ///
  /// - Parameters:
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  ///   - caller: The caller's actor; the step runs on the feature's (see ``TestStore``).
  public func skipInFlightEffects(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    caller: isolated (any Actor)? = #isolation
  ) async {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await onFeatureActor { store, actor in
      await store.settleEffects(at: site)
      store.recorder.inFlight.skipAll()
    }
  }

  /// Waits until every effect of the store is finished or waiting for input from outside its
  /// own code (see ``EffectExecutor/settle(on:timeout:)``), and fails at `site` if they never
  /// do. Called on the feature's actor.
  func settleEffects(at site: SourceSite, caller: isolated (any Actor)? = #isolation) async {
    guard await !effectExecutor.settle(on: featureActor) else { return }
    recordFailure(EffectExecutor.unsettledMessage, at: site)
  }

  /// Fails for each effect still running and, when exhaustive, each received action left.
  func assertNothingLeft(at site: SourceSite) {
    assertDescribedEffectsAsserted(before: "the end of the test", step: "finish()", at: site)
    assertNoDescribedEffectRunning(at: site)
    let running = recorder.inFlight.labels
    if !running.isEmpty, exhaustivity == .on {
      recordFailure(
        """
        An effect returned for an action is still running. It must complete before the end of the test.

        Still running, started by:
        \(running.map { "  " + $0 }.joined(separator: "\n"))

        To fix, inspect the effect: cancel it with an id, have it finish, or call \
        `await store.skipInFlightEffects()` if it is not the subject of this test.
        """,
        at: site
      )
    }
    if exhaustivity.showsSkippedAssertions {
      for label in running {
        recordSkippedAssertion("an effect started by \(label) is still running", at: site)
      }
      for received in recorder.received {
        recordSkippedAssertion("received \(describe(received.action)) without asserting it", at: site)
      }
    }
    if !recorder.received.isEmpty, exhaustivity == .on {
      recordFailure(
        """
        The store received \(recorder.received.count) unexpected \
        \(recorder.received.count == 1 ? "action" : "actions"): …

        Unhandled actions:
        \(recorder.received.map { "  " + describe($0.action) }.joined(separator: "\n"))
        """,
        at: site
      )
    }
  }
}
