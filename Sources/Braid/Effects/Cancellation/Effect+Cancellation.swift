extension Effect {
  /// This effect, cancellable with ``cancel(id:)``.
  ///
  /// Ids are matched by type and value, and are private to the store and to the child-feature
  /// instance (an `ifLet` child, a `forEach` element) that started the effect: two rows of a
  /// list using the same id never cancel each other. The effect is registered the moment the
  /// store starts it, so a `.cancel(id:)` later in the same reducer pass already cancels it.
  ///
  /// ```swift
  /// case .searchQueryChanged(let query):
  ///   return .run { send in await send(.results(try await api.search(query))) }
  ///     .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: Any hashable, sendable value. An enum of ids per feature reads well.
  ///   - cancelInFlight: Cancel effects already running under `id` before starting this one
  ///     (newest wins).
  /// - Returns: The cancellable effect.
  @inlinable
  public consuming func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if isNone, !cancelInFlight { return self }
    let id = AnyHashableSendable(id)
    // A `.run` nothing else holds takes the id itself (see `RunEffectBox`).
    if let run = takeUniqueRunBox() {
      run.cancelID = id
      run.cancelInFlight = cancelInFlight
      return Self(storage: .boxed(run))
    }
    return Self(storage: .boxed(CancellableEffectBox(id: id, cancelInFlight: cancelInFlight, self)))
  }

  /// This effect's run box, taken out of it (leaving `none`), when the effect is a `.run` that
  /// holds no id yet and no other effect value shares the box; else `nil`, and the effect is
  /// unchanged.
  @inlinable
  mutating func takeUniqueRunBox() -> RunEffectBox<Action>? {
    guard case .boxed(let box) = storage, box.kind == .run else { return nil }
    var run = unsafeDowncast(box, to: RunEffectBox<Action>.self)
    guard run.cancelID == nil else { return nil }
    storage = .none
    if isKnownUniquelyReferenced(&run) { return run }
    storage = .boxed(run)
    return nil
  }

  /// An effect that cancels every running effect marked ``cancellable(id:cancelInFlight:)``
  /// with `id`.
  ///
  /// Cancellation is synchronous: by the time the store's `send` returns, the effects are
  /// cancelled, their `send` is a no-op, and the teardowns of
  /// ``subscribe(_:catch:fileID:line:)`` effects have run. An `Effect.run` operation sees
  /// `Task.isCancelled` and stops at its next suspension.
  ///
  /// - Parameter id: The id to cancel.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(storage: .boxed(CancelEffectBox(id: AnyHashableSendable(id))))
  }

  /// Runs this effect with ids resolved under a child-feature path component, so the child's
  /// ids never collide with the parent's or a sibling's.
  @usableFromInline
  func scoped(under component: AnyHashableSendable) -> Self {
    if isNone { return self }
    return Self(box: ScopedEffectBox(component, self))
  }
}
