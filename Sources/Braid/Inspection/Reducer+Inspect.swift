extension Reducer {
  /// This reducer, reporting to `inspector` what happens in it: each action it reduces, the
  /// state it leaves, and the effects it and its mount and dismount hooks return, from start to
  /// end.
  ///
  /// Attach it to the part of a feature you are looking into; a store's own inspector (given
  /// when the store is created) sees the whole store:
  ///
  /// ```swift
  /// Scope(state: \.search, action: \.search) {
  ///   Search()
  ///     .inspect(StoreInspector { event in print(event) })
  /// }
  /// ```
  ///
  /// The events are a store's (see ``StoreInspector``), in this reducer's types, with these
  /// differences:
  /// - An action's origin is ``StoreEvent/ActionOrigin/unknown``: the reducer sees the action,
  ///   not where it came from.
  /// - An effect is reported as started when the reducer returns it (the store starts it right
  ///   after), and numbered by this inspector.
  /// - A `subscribe` effect's failure is reported when its client's last attempt fails.
  /// - Paths are relative to this reducer; mounts, dismounts and releases are not reported.
  ///
  /// Events are delivered on the thread that reduces (the store's isolation), or, for an
  /// effect's end or failure, from the effect's task; one at a time, in order. What an inspector
  /// may do is as for a store's.
  ///
  /// - Parameter inspector: Receives the events.
  /// - Returns: The inspected reducer.
  public func inspect(_ inspector: StoreInspector<State, Action>) -> Reduce<State, Action> {
    let functions = makeFunctions()
    let base = functions.reduce
    let inspection = SubtreeInspection(inspector)
    let lifecycle = Lifecycle<State, Action>(
      mount: functions.lifecycle.mount.map { hook in
        { state in hook(state).observed(by: inspection.observer(action: nil)) }
      },
      dismount: functions.lifecycle.dismount.map { hook in
        { state in hook(state).observed(by: inspection.observer(action: nil)) }
      })
    return Reduce(
      { state, action in
        let sequence = inspection.willReduce(action)
        let before: State? = inspection.needsStateBefore ? state : nil
        let effect = base(&state, action)
        inspection.didReduce(before: before, after: state)
        return effect.isNone ? effect : effect.observed(by: inspection.observer(action: sequence))
      },
      lifecycle: lifecycle)
  }
}
