import Braid

extension TestStore {
  /// Asserts that the oldest start, cancellation or command not yet asserted is a client
  /// command that reached the described `effect`.
  ///
  /// A delegate-style client's commands (a location manager's `requestLocation`, a results
  /// observer's `refetch`) run on the resource the effect that created it keeps. A described
  /// effect keeps none, so in ``TestStoreEffects/described`` mode a command runs nothing: it
  /// reaches the newest running described effect that holds its id in the same store and
  /// child feature, and the test asserts it here, in order with the starts and cancellations.
  /// A command that no described effect holds fails the test, as it reports an issue when run.
  ///
  /// ```swift
  /// let manager = store.effectStarted(.subscribe, ids: ["TrackerID()"])
  /// await store.send(.startButtonTapped) { $0.isTracking = true }
  /// store.effectCommanded(manager)
  /// ```
  ///
  /// - Parameters:
  ///   - effect: The effect, as ``effectStarted(_:ids:timing:fileID:filePath:line:column:)`` returned it.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  public func effectCommanded(
    _ effect: DescribedEffect,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let expected = "a command to \(effect)"
    guard let described = describedEffects(for: expected, at: site) else { return }
    switch described.removeFirstUnasserted() {
    case .commanded(let commanded, _)? where commanded == effect:
      return
    case let other?:
      recordFailure("Expected \(expected), but \(other) came first.", at: site)
    case nil:
      recordFailure("Expected \(expected), but no command reached it that was not asserted already.", at: site)
    }
  }
}
