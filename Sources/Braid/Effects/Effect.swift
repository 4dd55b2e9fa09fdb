/// Work a reducer asks the store to perform after it has updated state.
///
/// An effect is a lazy value: building one does nothing, and it runs only when the store that
/// received it starts it. Return ``none`` when there is nothing to do, ``send(_:)`` to feed an
/// action straight back, ``run(priority:operation:catch:fileID:line:)`` for asynchronous work,
/// ``subscribe(_:catch:fileID:line:)`` to wrap a delegate- or callback-style client, and combine
/// effects with `merge(_:)`, `concatenate(_:)` and ``map(_:)``.
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
    case cancellable(id: AnyHashableSendable, cancelInFlight: Bool, Effect<Action>)
    case cancel(id: AnyHashableSendable)
    case scoped(AnyHashableSendable, Effect<Action>)
    /// Built when the store starts it, on the main actor, from what that start may reach (the
    /// seeds' `defer`): for operators that must decide in start order.
    case deferred(@Sendable (EffectStart) -> Effect<Action>)
  }

  /// The operation, boxed so that ``none`` is a null reference: creating, checking and
  /// dropping `.none` then costs no allocation and no generic value-witness calls on the
  /// store's hot path.
  @usableFromInline
  let box: EffectBox<Action>?

  @usableFromInline
  var operation: Operation {
    box?.operation ?? .none
  }

  @inlinable
  init(operation: Operation) {
    if case .none = operation {
      box = nil
    } else {
      box = EffectBox(operation)
    }
  }

  @inlinable
  init(none: Void) {
    box = nil
  }

  /// An effect that does nothing.
  ///
  /// Returning `.none` costs nothing: the store skips effect handling entirely.
  @inlinable
  public static var none: Self { Self(none: ()) }

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
    box == nil
  }
}

/// The heap storage of a non-empty ``Effect``.
@usableFromInline
final class EffectBox<Action: Sendable>: Sendable {
  @usableFromInline
  let operation: Effect<Action>.Operation

  @inlinable
  init(_ operation: Effect<Action>.Operation) {
    self.operation = operation
  }
}

/// A shorthand for the effect type of a reducer: `EffectOf<Feature>` is
/// `Effect<Feature.Action>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>
