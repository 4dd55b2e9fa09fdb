extension Store {
  /// Calls `unwrap` with a store of the unwrapped state each time this store's optional state
  /// becomes non-`nil`, and `otherwise` each time it becomes `nil` (and at once, with whichever
  /// holds now): how a view layer presents and dismisses a child feature.
  ///
  /// ```swift
  /// let token = store.scope(state: \.detail, action: /App.Action.detail).ifLet { detailStore in
  ///   present(DetailScreen(store: detailStore))
  /// } else: {
  ///   dismissDetail()
  /// }
  /// ```
  ///
  /// After the state becomes `nil`, a store handed to `unwrap` keeps reading the last non-`nil`
  /// state, so a screen being dismissed can still draw itself (TCA's rule).
  ///
  /// - Parameters:
  ///   - unwrap: Receives a store for each appearance of the state.
  ///   - otherwise: Called when the state is (or becomes) `nil`.
  /// - Returns: A token; the observation lasts until it is cancelled or released.
  public func ifLet<Wrapped>(
    then unwrap: @escaping @MainActor (Store<Wrapped, Action>) -> Void,
    else otherwise: @escaping @MainActor () -> Void = {}
  ) -> ObservationToken where State == Wrapped? {
    let parentSend = sendFunction
    let parentState = stateFunction
    let parentObserve = observeFunction
    var wasPresent: Bool?
    let present: @MainActor (Wrapped?) -> Void = { state in
      let isPresent = state != nil
      guard isPresent != wasPresent else { return }
      wasPresent = isPresent
      guard let state else {
        otherwise()
        return
      }
      let last = LastValue(state)
      unwrap(
        Store<Wrapped, Action>(
          scoped: ScopedStoreBacking(
            send: { parentSend($0) },
            state: { last.update(parentState()) },
            observe: { notify in parentObserve { withUnsafePointer(to: last.update($0), notify) } }
          )
        ))
    }
    present(parentState())
    return parentObserve(present)
  }
}

/// The last non-`nil` value of an optional state, for a store that outlives its state.
@MainActor
private final class LastValue<Value> {
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func update(_ next: Value?) -> Value {
    if let next { value = next }
    return value
  }
}
