import Braid

extension TestStore {
  /// TCA's `receive(\.child)`: Braid names the case by its constructor.
  @available(
    *, unavailable,
    message:
      "Braid names an enum case by its constructor: write `receive(/Action.child)` where TCA writes `receive(\\.child)`"
  )
  public func receive(
    _ caseKeyPath: CaseKeyPathSpelled<Action>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil
  ) async {
    fatalError("unavailable")
  }

  /// TCA's `receive(\.child, value)`.
  @available(
    *, unavailable,
    message:
      "Braid names an enum case by its constructor: write `receive(/Action.child, value)` where TCA writes `receive(\\.child, value)`"
  )
  public func receive<Value>(
    _ caseKeyPath: CaseKeyPathSpelled<Action>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil
  ) async {
    fatalError("unavailable")
  }
}

extension TestStore {
  /// TCA's `send(\.tap)`.
  @available(
    *, unavailable,
    message:
      "Braid names an enum case by its constructor: write `send(.child)` or `send(/Action.child, value)` where TCA writes `send(\\.child)`"
  )
  @discardableResult
  public func send(
    _ caseKeyPath: CaseKeyPathSpelled<Action>,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil
  ) async -> StoreTask {
    fatalError("unavailable")
  }

  /// TCA's `send(\.binding.field, value)` and `send(\.child, value)`.
  @available(
    *, unavailable,
    message:
      "Braid names an enum case by its constructor: write `send(.binding(.set(\\.field, value)))` where TCA writes `send(\\.binding.field, value)`, `send(/Action.child, value)` where it writes `send(\\.child, value)`"
  )
  @discardableResult
  public func send<Value>(
    _ caseKeyPath: CaseKeyPathSpelled<Action>,
    _ value: Value,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil
  ) async -> StoreTask {
    fatalError("unavailable")
  }
}
