import Braid

// The step shorthands TCA's tests use: `receive` by a predicate, `send` through a case path, and
// `assert` on the state without an action.

extension TestStore {
  /// Waits for an effect to feed back an action `isMatching` accepts, and asserts how it
  /// changed the state: for actions that are not `Equatable`, or whose payload the test cannot
  /// predict.
  ///
  /// ```swift
  /// let isSuccess: (Feature.Action) -> Bool = { if case .response(.success) = $0 { true } else { false } }
  /// await store.receive(isSuccess) { $0.isLoading = false }
  /// ```
  ///
  /// - Parameters:
  ///   - isMatching: Whether an action is the one expected.
  ///   - timeout: How long to wait; by default ``timeout``.
  ///   - updateStateToExpectedResult: Turns the state before the action into the state expected
  ///     after it.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  ///   - caller: The caller's actor; the step runs on the feature's (see ``TestStore``).
  public func receive(
    _ isMatching: @escaping (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    caller: isolated (any Actor)? = #isolation
  ) async {
    await receive(
      matching: isMatching,
      description: { "an action matching the predicate" },
      timeout: timeout,
      update: updateStateToExpectedResult,
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Sends the action `casePath` builds from `value`, and asserts how it changed the state:
  /// TCA's `send(\.child.action, value)` for nested actions.
  ///
  /// ```swift
  /// await store.send(/Feature.Action.row, .init(id: 1, action: .toggled)) { $0.rows[0].isOn = true }
  /// ```
  ///
  /// - Parameters:
  ///   - casePath: The case to send.
  ///   - value: Its payload.
  ///   - updateStateToExpectedResult: Turns the state before the action into the state expected
  ///     after it.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  ///   - caller: The caller's actor; the step runs on the feature's (see ``TestStore``).
  /// - Returns: The effects the action started, as ``TestStore/send(_:assert:fileID:filePath:line:column:caller:)`` returns them.
  @discardableResult
  public func send<Value>(
    _ casePath: CasePath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    caller: isolated (any Actor)? = #isolation
  ) async -> StoreTask {
    await send(
      casePath.embed(value), assert: updateStateToExpectedResult, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Asserts the state as it is now, without sending or receiving an action: for changes made
  /// outside a send (a child store's work, a long-lived effect's fed-back actions already
  /// skipped) that the test wants to pin.
  ///
  /// ```swift
  /// store.assert { $0.isConnected = true }
  /// ```
  ///
  /// - Parameters:
  ///   - updateStateToExpectedResult: Turns the last asserted state into the state expected now.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  ///   - caller: The caller's actor. It must be the feature's (the main actor in a `@MainActor`
  ///     test): the state is read at once, where effects deliver their actions.
  public func assert(
    _ updateStateToExpectedResult: @escaping (inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    caller: isolated (any Actor)? = #isolation
  ) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let caller, caller === featureActor else {
      recordFailure(
        """
        TestStore.assert was called off the feature's actor, where the state may be changing. \
        Call it from the actor the test store was made on (a @MainActor test), or assert with \
        send, receive or skipReceivedActions.
        """,
        at: site
      )
      return
    }
    let actual = StateSnapshot(store.state)
    assertStateChange(from: current, to: actual, update: updateStateToExpectedResult, at: site)
    current = actual
  }
}
