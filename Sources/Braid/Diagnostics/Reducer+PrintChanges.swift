import Synchronization

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
  /// are shown or summarised for context. A debugging aid: the output format may change. It is
  /// an inspector (see ``inspect(_:)``) that keeps the state before each action.
  ///
  /// - Parameter printer: Receives each report; by default it is written to standard error.
  /// - Returns: The printing reducer.
  public func _printChanges(
    to printer: @escaping @Sendable (String) -> Void = { ChangePrinter.writeToStandardError($0) }
  ) -> Reduce<State, Action> {
    // The action being reduced, between its event and the state's.
    let reducing = Mutex<Action?>(nil)
    return inspect(
      StoreInspector(needsStateBefore: true) { event in
        switch event.kind {
        case .action(let action, _):
          reducing.withLock { $0 = action }
        case .state(let before?, let after):
          guard let action = reducing.withLock({ $0.take() }) else { return }
          printer(ChangePrinter.report(action: action, before: before, after: after))
        default:
          break
        }
      })
  }
}
