/// Work a reducer asks the store to perform after it has updated state.
///
/// An effect is a lazy value: building one does nothing, and it runs only when the store that
/// received it starts it. Return ``none`` when there is nothing to do, ``send(_:)`` to feed an
/// action straight back, ``run(priority:operation:catch:fileID:line:)`` for asynchronous work,
/// ``subscribe(_:catch:fileID:line:)`` to wrap a delegate- or callback-style client, and combine
/// effects with ``merge(_:)-([Effect<Action>])``, ``concatenate(_:)-([Effect<Action>])`` and
/// ``map(_:)``.
///
/// ```swift
/// case .factorButtonTapped:
///   return .run { [count = state.count] send in
///     let factors = try await math.factor(count)
///     await send(.factorResponse(factors))
///   }
///   .cancellable(id: CancelID.factor, cancelInFlight: true)
/// ```
public struct Effect<Action: Sendable>: Sendable {
  @usableFromInline
  enum Operation: Sendable {
    case none
    case send(Action)
    case run(RunOperation<Action>)
    case subscribe(Subscription<Action>)
    case merge([Effect<Action>])
    case concatenate([Effect<Action>])
    indirect case cancellable(id: AnyHashableSendable, cancelInFlight: Bool, Effect<Action>)
    case cancel(id: AnyHashableSendable)
    indirect case scoped(AnyHashableSendable, Effect<Action>)
  }

  @usableFromInline
  let operation: Operation

  @inlinable
  init(operation: Operation) {
    self.operation = operation
  }

  /// An effect that does nothing.
  ///
  /// Returning `.none` costs nothing: the store skips effect handling entirely.
  @inlinable
  public static var none: Self { Self(operation: .none) }

  /// An effect that feeds `action` straight back into the store.
  ///
  /// The action is delivered synchronously, within the same `send` that returned this effect,
  /// after the actions already queued before it. Prefer calling shared logic directly; use this
  /// when a parent must observe the action (for example a `delegate` action).
  ///
  /// - Parameter action: The action to send.
  @inlinable
  public static func send(_ action: Action) -> Self {
    Self(operation: .send(action))
  }

  /// Whether this effect is ``none``.
  @inlinable
  public var isNone: Bool {
    if case .none = operation { return true }
    return false
  }
}

/// A shorthand for the effect type of a reducer: `EffectOf<Feature>` is
/// `Effect<Feature.Action>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>
