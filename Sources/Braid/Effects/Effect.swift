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
    case deferred(@Sendable (EngineEffectStart) -> Effect<Action>)
  }

  /// Where the operation lives. `none` and `send` are stored inline: creating, checking and
  /// dropping them costs no allocation and no generic value-witness calls on the store's hot
  /// path (a boxed `.send` cost a `.send` chain a heap box per action, freed by the box's
  /// unspecialized deinit). Every other operation is boxed.
  @usableFromInline
  enum Storage: Sendable {
    case none
    case send(Action)
    case boxed(EffectBox<Action>)
  }

  @usableFromInline
  var storage: Storage

  // Inlinable, as is everything the store's `start` reads: unspecialized, every read copied the
  // operation through generic value witnesses (a `.send` chain measured 3,600 instructions per
  // action, most of them runtime metadata lookups).
  @inlinable
  var operation: Operation {
    switch storage {
    case .none: .none
    case .send(let action): .send(action)
    case .boxed(let box): box.operation
    }
  }

  @inlinable
  init(operation: Operation) {
    switch operation {
    case .none: storage = .none
    case .send(let action): storage = .send(action)
    default: storage = .boxed(EffectBox.make(operation))
    }
  }

  @inlinable
  init(none: Void) {
    storage = .none
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
    Self(storage: .send(action))
  }

  @inlinable
  init(storage: Storage) {
    self.storage = storage
  }

  /// Whether this effect is ``none``.
  @inlinable
  public var isNone: Bool {
    if case .none = storage { return true }
    return false
  }
}

/// A shorthand for the effect type of a reducer: `EffectOf<Feature>` is
/// `Effect<Feature.Action>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>
