import Braid

extension TestStore {
  /// Waits for an effect to feed `expected` back and asserts how it changed the state.
  ///
  /// With ``Exhaustivity/on`` the next received action must be `expected`; with
  /// ``Exhaustivity/off`` earlier received actions are skipped until one matches.
  ///
  /// - Parameters:
  ///   - expected: The action an effect should send.
  ///   - timeout: How long to wait; by default ``timeout``.
  ///   - updateStateToExpectedResult: Turns the state before the action into the state expected
  ///     after it.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  ///   - caller: The caller's actor; the step runs on the feature's (see ``TestStore``).
  public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    caller: isolated (any Actor)? = #isolation
  ) async where Action: Equatable {
    await receive(
      matching: { $0 == expected },
      description: { describe(expected) },
      timeout: timeout,
      update: updateStateToExpectedResult,
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Waits for an effect to feed back an action in the case `casePath` names, whatever its
  /// payload, and asserts how it changed the state.
  ///
  /// ```swift
  /// await store.receive(/Feature.Action.response) { $0.isLoading = false }
  /// ```
  ///
  /// - Parameters:
  ///   - casePath: The case the received action must be in.
  ///   - timeout: How long to wait; by default ``timeout``.
  ///   - updateStateToExpectedResult: Turns the state before the action into the state expected
  ///     after it.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  ///   - caller: The caller's actor; the step runs on the feature's (see ``TestStore``).
  public func receive<Value>(
    _ casePath: CasePath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    caller: isolated (any Actor)? = #isolation
  ) async {
    await receive(
      matching: { casePath.extract(from: $0) != nil },
      description: { "an action matching \(CasePathLabel.of(casePath))" },
      timeout: timeout,
      update: updateStateToExpectedResult,
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Waits for an effect to feed back the action `casePath` embeds `value` in, and asserts how
  /// it changed the state.
  ///
  /// - Parameters:
  ///   - casePath: The case the received action must be in.
  ///   - value: The payload the received action must carry.
  ///   - timeout: How long to wait; by default ``timeout``.
  ///   - updateStateToExpectedResult: Turns the state before the action into the state expected
  ///     after it.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  ///   - caller: The caller's actor; the step runs on the feature's (see ``TestStore``).
  public func receive<Value: Equatable>(
    _ casePath: CasePath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    caller: isolated (any Actor)? = #isolation
  ) async {
    await receive(
      matching: { casePath.extract(from: $0) == value },
      description: { describe(casePath.embed(value)) },
      timeout: timeout,
      update: updateStateToExpectedResult,
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  func receive(
    matching isMatch: @escaping (Action) -> Bool,
    description: @escaping () -> String,
    timeout: Duration?,
    update: ((inout State) throws -> Void)?,
    site: SourceSite,
    caller: isolated (any Actor)? = #isolation
  ) async {
    // The test awaits the step: the closures are only ever used on one side of the hop.
    // The description is built only for a failure: describing an action reflects over it.
    nonisolated(unsafe) let (isMatch, update, description) = (isMatch, update, description)
    await onFeatureActor { store, actor in
      await store.receiveOnFeatureActor(
        matching: isMatch, description: description, timeout: timeout, update: update, site: site)
    }
  }

  private func receiveOnFeatureActor(
    matching isMatch: (Action) -> Bool,
    description: @escaping () -> String,
    timeout: Duration?,
    update: ((inout State) throws -> Void)?,
    site: SourceSite,
    caller: isolated (any Actor)? = #isolation
  ) async {
    let wait = await waitForReceivedAction(timeout: timeout ?? self.timeout)
    guard wait == .received else {
      let running = recorder.inFlight.labels
      let effects = "\(running.count) \(running.count == 1 ? "effect is" : "effects are")"
      let startedBy = running.map { "  " + $0 }.joined(separator: "\n")
      recordFailure(
        running.isEmpty
          ? "Expected to receive \(description()), but received none and no effect is running."
          : wait == .settled
            ? """
            Expected to receive \(description()), but received none: \
            \(running.count == 1 ? "the effect still in flight is" : "the \(running.count) effects still in flight are") \
            waiting (on a clock not advanced far enough, a subscription or other outside input), started by:
            \(startedBy)
            """
            : """
            Expected to receive \(description()), but received none after \(timeout ?? self.timeout). \
            \(effects) still in flight, started by:
            \(startedBy)
            """,
        at: site
      )
      return
    }
    if exhaustivity.isOff {
      while let first = recorder.received.first, !isMatch(first.action) {
        current = first.state
        _ = recorder.removeFirstReceived()
        if exhaustivity.showsSkippedAssertions {
          recordSkippedAssertion("received \(describe(first.action)) without asserting it", at: site)
        }
        if recorder.received.isEmpty, await waitForReceivedAction(timeout: timeout ?? self.timeout) != .received {
          recordFailure("Expected to receive \(description()), but no received action matched.", at: site)
          return
        }
      }
    }
    let received = recorder.removeFirstReceived()
    let (action, actual) = (received.action, received.state)
    assertDescribedEffectsAsserted(
      before: "receiving \(describe(action))", step: "receive(\(describe(action)))",
      recordedBefore: received.describedEventsBefore, at: site)
    guard isMatch(action) else {
      recordFailure(
        """
        Received unexpected action: …

        Expected: \(description())
        Received: \(describe(action))
        """,
        at: site
      )
      if !received.isStale { current = actual }
      return
    }
    if received.isStale {
      // The test has moved past this action: assert it on its own states, keep the latest.
      assertStateChange(from: received.before, to: actual, update: update, at: site)
      return
    }
    assertStateChange(from: current, to: actual, update: update, at: site)
    current = actual
  }

  /// Waits until an effect has fed back an action; gives up at once when no tracked effect is
  /// in flight, as soon as every effect has settled — finished, or waiting on a clock, a
  /// subscription or other input from outside its own code — and no action has come, or when
  /// `timeout` of real time has passed with effects still running.
  ///
  /// So a machine that is merely slow never fails a `receive`: only effects that keep running
  /// without settling (a long computation, a blocking call) meet the wall-clock bound.
  func waitForReceivedAction(timeout: Duration, caller: isolated (any Actor)? = #isolation) async -> ReceiveWait {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while recorder.received.isEmpty {
      // No tracked effect could still send (skipped ones are not waited for, as in TCA).
      if recorder.inFlight.isEmpty { return .nothingInFlight }
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero else { return .timedOut }
      let settled = await effectExecutor.settle(on: featureActor, timeout: remaining)
      if !recorder.received.isEmpty { return .received }
      if settled { return .settled }
    }
    return .received
  }
}

/// How a wait for a received action ended.
enum ReceiveWait: Equatable {
  /// An action is there.
  case received
  /// No tracked effect is in flight.
  case nothingInFlight
  /// The effects in flight have all settled: none could send by itself.
  case settled
  /// The time limit passed with effects still running.
  case timedOut
}

/// How a case path is named in failure messages: `/Action.loaded` (payload `Int`) when the case
/// can be named, else the root and payload types.
enum CasePathLabel {
  static func of<Root, Value>(_ casePath: CasePath<Root, Value>) -> String {
    guard let name = casePath.caseName else {
      return "a case of \(rootName(Root.self)) with payload \(Value.self) (the case has no name without a value)"
    }
    return "/\(rootName(Root.self)).\(name) (payload \(Value.self))"
  }

  /// The type's name without its module (`Feature.Action`, not `MyTests.Feature.Action`).
  private static func rootName(_ type: Any.Type) -> String {
    let name = String(reflecting: type)
    guard let dot = name.firstIndex(of: ".") else { return name }
    return String(name[name.index(after: dot)...])
  }
}
