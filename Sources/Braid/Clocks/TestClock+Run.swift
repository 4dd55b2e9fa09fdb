extension TestClock {
  /// Advances the clock until no task is sleeping on it.
  ///
  /// Each round moves ``now`` to the earliest pending deadline with ``advance(to:)``. Code that
  /// keeps sleeping forever, such as a timer loop, would never let this finish, so after `limit`
  /// rounds it stops and reports a runtime issue naming the number of tasks still sleeping.
  ///
  /// ```swift
  /// store.send(.startButtonTapped)
  /// await clock.run()
  /// ```
  ///
  /// - Parameters:
  ///   - limit: The most rounds to run before giving up.
  ///   - fileID: The file reported when the limit is reached; defaults to the caller's.
  ///   - line: The line reported when the limit is reached; defaults to the caller's.
  public func run(limit: Int = 10_000, fileID: StaticString = #fileID, line: UInt = #line) async {
    await giveOtherTasksTurns(Self.settlingTurns)
    await settleRegisteredWork()
    var rounds = 0
    while let deadline = nextDeadline {
      guard rounds < limit else {
        reportMisuse(
          """
          TestClock.run() gave up after \(limit) rounds with \(pendingSleepers) task(s) still \
          sleeping. Is a timer still running? Cancel it, or advance by a fixed duration instead.
          """,
          fileID: fileID,
          line: line
        )
        return
      }
      rounds += 1
      await advance(to: deadline)
    }
  }

  /// Advances the clock until no task is sleeping on it, giving up after `timeout` of real time.
  ///
  /// Like ``run(limit:fileID:line:)``, bounded by wall-clock time instead of rounds, as
  /// swift-clocks spells it. When time runs out it reports a runtime issue naming the number of
  /// tasks still sleeping.
  ///
  /// - Parameters:
  ///   - timeout: The most real time to spend.
  ///   - fileID: The file reported when time runs out; defaults to the caller's.
  ///   - line: The line reported when time runs out; defaults to the caller's.
  public func run(timeout: Swift.Duration, fileID: StaticString = #fileID, line: UInt = #line) async {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    await giveOtherTasksTurns(Self.settlingTurns)
    await settleRegisteredWork()
    while let next = nextDeadline {
      guard ContinuousClock.now < deadline else {
        reportMisuse(
          """
          TestClock.run(timeout:) timed out after \(timeout) with \(pendingSleepers) task(s) still \
          sleeping. Is a timer still running? Cancel it, or advance by a fixed duration instead.
          """,
          fileID: fileID,
          line: line
        )
        return
      }
      await advance(to: next)
    }
  }

  /// Throws when a task is sleeping on the clock: proof that a feature has no more time-based
  /// work pending.
  ///
  /// ```swift
  /// await store.send(.stopButtonTapped)
  /// try await clock.checkSuspension()
  /// ```
  ///
  /// - Throws: ``SuspensionError`` with the number of sleeping tasks.
  public func checkSuspension() async throws(SuspensionError) {
    await giveOtherTasksTurns(Self.settlingTurns)
    await settleRegisteredWork()
    let sleepers = pendingSleepers
    if sleepers > 0 { throw SuspensionError(sleepers: sleepers) }
  }

  /// Thrown by ``checkSuspension()`` when tasks are still sleeping on the clock.
  public struct SuspensionError: Error, Equatable, CustomStringConvertible {
    /// How many tasks sleep on the clock.
    public let sleepers: Int

    /// The error for `sleepers` sleeping tasks, to compare against in a test.
    ///
    /// - Parameter sleepers: How many tasks sleep.
    public init(sleepers: Int) {
      self.sleepers = sleepers
    }

    /// A sentence saying how many tasks still sleep.
    public var description: String {
      "\(sleepers) task(s) still sleeping on the TestClock; advance it, or cancel the work that sleeps."
    }
  }
}
