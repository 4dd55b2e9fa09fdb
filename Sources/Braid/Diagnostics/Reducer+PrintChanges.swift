extension Reducer {
  /// This reducer, printing every action it receives and how it changed the state.
  ///
  /// ```
  /// received action:
  ///   .incrementButtonTapped
  ///   Counter.State(
  /// −   count: 0,
  /// +   count: 1,
  ///   )
  /// ```
  ///
  /// Lines starting with `−` are the state before the action, `+` after it; unchanged fields
  /// are shown or summarised for context. A debugging aid: the output format may change.
  ///
  /// - Parameter printer: Receives each report; by default it is written to standard error.
  /// - Returns: The printing reducer.
  @inlinable
  public func _printChanges(
    to printer: @escaping @Sendable (String) -> Void = { ChangePrinter.writeToStandardError($0) }
  ) -> Reduce<State, Action> {
    let functions = makeFunctions()
    let base = functions.reduce
    return Reduce(
      { state, action in
        let before = state
        let effect = base(&state, action)
        printer(ChangePrinter.report(action: action, before: before, after: state))
        return effect
      },
      lifecycle: functions.lifecycle
    )
  }
}
