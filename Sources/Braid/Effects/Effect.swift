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
  /// What the effect does. `none` and `send` are stored inline: creating, checking and dropping
  /// them costs no allocation and no generic value-witness calls on the store's hot path (a
  /// boxed `.send` would cost a `.send` chain a heap box per action, freed by the box's
  /// unspecialized deinit: the ".send chain" row of `Benchmarks/instructions.sh` guards it).
  /// Every other effect is an ``EffectBox``.
  @usableFromInline
  enum Storage: Sendable {
    case none
    case send(Action)
    case boxed(EffectBox<Action>)
  }

  @usableFromInline
  var storage: Storage

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

  /// The effect `box` stands for.
  @inlinable
  init(box: EffectBox<Action>) {
    storage = .boxed(box)
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
