import Braid

extension TestStore {
  /// Ends the feature as its store's release would, and checks that it leaves nothing running.
  ///
  /// It starts the feature's `onDismount` effects and cancels every other effect (a client
  /// subscribed with `Effect.subscribe` is torn down by the time the dismount starts waiting),
  /// then waits for the dismount effects to finish. It fails for each effect still running
  /// then; the actions the dismount effects sent are received (or skipped) afterwards as usual:
  ///
  /// ```swift
  /// await store.dismount()
  /// await store.receive(.saved)
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for the dismount effects; by default ``timeout``.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  ///   - caller: The caller's actor; the step runs on the feature's (see ``TestStore``).
  public func dismount(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    caller: isolated (any Actor)? = #isolation
  ) async {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await onFeatureActor { store, actor in
      store.assertDescribedEffectsAsserted(before: "dismounting", step: "dismount()", at: site)
      SourceSite.$current.withValue(site) { _ = store.store.dismount() }
      await store.waitForEffects(timeout: timeout ?? store.timeout)
      store.assertNothingRunningAfterDismount(at: site)
    }
  }

  private func assertNothingRunningAfterDismount(at site: SourceSite) {
    let running = recorder.inFlight.labels
    guard !running.isEmpty else { return }
    recordFailure(
      """
      An effect is still running after the feature dismounted. Dismount effects must finish.

      Still running, started by:
      \(running.map { "  " + $0 }.joined(separator: "\n"))
      """,
      at: site
    )
  }
}
