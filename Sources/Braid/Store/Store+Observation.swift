extension Store {
  /// Calls `onChange` with the value at `keyPath` now and after every send that changes it.
  ///
  /// This is how a view layer binds to a store: derived values (computed properties on the
  /// state) are observed like stored ones, and an observer whose value did not change costs a
  /// key-path read and a comparison per send.
  ///
  /// ```swift
  /// let token = store.observe(\.isSignUpEnabled) { enabled in
  ///   createButton.isEnabled = enabled
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to observe, stored or computed.
  ///   - delivery: Whether to deliver the current value at once or only later changes.
  ///   - onChange: Receives each value, on the main actor.
  /// - Returns: A token; the observation lasts until it is cancelled or released.
  @inlinable
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    delivery: ObservationDelivery = .currentAndChanges,
    _ onChange: @escaping @MainActor (Value) -> Void
  ) -> ObservationToken {
    let path = StatePath(keyPath)
    let last = ObservedValue(path.read(state))
    if delivery == .currentAndChanges { onChange(last.value) }
    return observePointerFunction { state in
      let value = path.read(pointee: state)
      guard value != last.value else { return }
      last.value = value
      onChange(value)
    }
  }

  /// Calls `onChange` with the value `read` computes from the state now and after every send
  /// that changes it.
  ///
  /// ```swift
  /// let doneCount: (State) -> Int = { $0.rows.filter(\.isDone).count }
  /// let token = store.observe(doneCount) { done in
  ///   doneLabel.text = "\(done) done"
  /// }
  /// ```
  ///
  /// Prefer it to a key path for a computed value observed on a hot path: a key path to a
  /// computed property is applied through the runtime on every send (about 800 instructions),
  /// a closure is a direct call. For a stored property both cost a load.
  ///
  /// - Parameters:
  ///   - read: Computes the observed value from the state, once per send; it must not depend
  ///     on anything but the state.
  ///   - delivery: Whether to deliver the current value at once or only later changes.
  ///   - onChange: Receives each value, on the main actor.
  /// - Returns: A token; the observation lasts until it is cancelled or released.
  @inlinable
  public func observe<Value: Equatable>(
    _ read: @escaping (_ state: State) -> Value,
    delivery: ObservationDelivery = .currentAndChanges,
    _ onChange: @escaping @MainActor (Value) -> Void
  ) -> ObservationToken {
    let last = ObservedValue(read(state))
    if delivery == .currentAndChanges { onChange(last.value) }
    return observePointerFunction { state in
      let value = read(state.pointee)
      guard value != last.value else { return }
      last.value = value
      onChange(value)
    }
  }

  /// The value at `keyPath` now and after every send that changes it, as an async sequence.
  ///
  /// ```swift
  /// for await count in store.values(of: \.count) {
  ///   print(count)
  /// }
  /// ```
  ///
  /// The observation stops when the iterating task ends or is cancelled. The sequence ends
  /// (its `for await` loop exits) when the store is released: once every store scoped from the
  /// same root is gone. Values are buffered, so a slow consumer sees every distinct value in
  /// order.
  ///
  /// Each value resumes the iterating task, even when it was buffered: a task on the main actor
  /// waits for a turn of the main actor per value, behind whatever else is queued there. To
  /// react within the send that changed the state, or to wait for a condition once, use
  /// ``observe(_:delivery:_:)-(KeyPath<State,Value>,_,_)``.
  ///
  /// - Parameters:
  ///   - keyPath: The value to observe, stored or computed.
  ///   - delivery: Whether to start with the current value or only later changes.
  /// - Returns: The values.
  public func values<Value: Equatable & Sendable>(
    of keyPath: KeyPath<State, Value>,
    delivery: ObservationDelivery = .currentAndChanges
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream<Value>.makeStream()
    // Held only by the observer, which the root store holds: released with the store, it
    // finishes the stream.
    let finisher = StreamFinisher(continuation)
    let token = observe(keyPath, delivery: delivery) { finisher.continuation.yield($0) }
    let holder = TokenHolder(token)
    continuation.onTermination = { _ in
      Task { @MainActor in holder.cancel() }
    }
    return stream
  }
}

/// The last value an observer delivered.
@MainActor
@usableFromInline
final class ObservedValue<Value> {
  // Only touched by its observer, on the main actor, one send at a time.
  @exclusivity(unchecked) @usableFromInline var value: Value

  @usableFromInline
  init(_ value: Value) {
    self.value = value
  }
}

/// Lets an `AsyncStream`'s termination handler, which runs on any thread, stop a main-actor
/// observation.
@MainActor
private final class TokenHolder {
  private var token: ObservationToken?

  init(_ token: ObservationToken) {
    self.token = token
  }

  func cancel() {
    token?.cancel()
    token = nil
  }
}
