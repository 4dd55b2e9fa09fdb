/// The heap storage of an ``Effect`` that is neither `none` nor `send`: one subclass per kind of
/// operation, told apart by ``kind``.
///
/// The store's `start` reads a box's fields in place after one check of ``kind``. With the
/// operation stored as one generic enum, every start and every drop copied or destroyed the
/// whole enum through its generic value witnesses, looking up its metadata at run time: boxing by
/// kind, with wrappers holding their child as a box, took a cancellable start + cancel from
/// 32,360 to 28,896 instructions. Whether the effect is synchronous is worked out once, when the
/// box is made.
@usableFromInline
class EffectBox<Action: Sendable>: @unchecked Sendable {
  // @unchecked: immutable, and every subclass holds only `Sendable` values.

  @usableFromInline
  enum Kind: UInt8 {
    case send, run, subscribe, merge, concatenate, cancellable, cancel, scoped, deferred
  }

  @usableFromInline let kind: Kind
  /// Whether starting the effect finishes it (see ``Effect/isSynchronous``).
  @usableFromInline let isSynchronous: Bool

  @inlinable
  init(kind: Kind, isSynchronous: Bool) {
    self.kind = kind
    self.isSynchronous = isSynchronous
  }

  /// A box for `operation`, which is neither `none` nor `send` (those are stored inline).
  @inlinable
  static func make(_ operation: Effect<Action>.Operation) -> EffectBox {
    switch operation {
    case .none, .send:
      preconditionFailure("none and send effects are stored inline, not boxed")
    case .run(let run): RunEffectBox(run)
    case .subscribe(let subscription): SubscribeEffectBox(subscription)
    case .merge(let effects): EffectListBox(kind: .merge, effects)
    case .concatenate(let effects): EffectListBox(kind: .concatenate, effects)
    case .cancellable(let id, let cancelInFlight, let effect):
      CancellableEffectBox(id: id, cancelInFlight: cancelInFlight, effect)
    case .cancel(let id): CancelEffectBox(id: id)
    case .scoped(let component, let effect): ScopedEffectBox(component, effect)
    case .deferred(let build): DeferredEffectBox(build)
    }
  }

  /// The operation the box holds, for code off the store's hot path.
  @inlinable
  var operation: Effect<Action>.Operation {
    switch kind {
    case .send: .send(unsafeDowncast(self, to: SendEffectBox<Action>.self).action)
    case .run: unsafeDowncast(self, to: RunEffectBox<Action>.self).runOperation
    case .subscribe: .subscribe(unsafeDowncast(self, to: SubscribeEffectBox<Action>.self).subscription)
    case .merge: .merge(unsafeDowncast(self, to: EffectListBox<Action>.self).effects)
    case .concatenate: .concatenate(unsafeDowncast(self, to: EffectListBox<Action>.self).effects)
    case .cancellable:
      unsafeDowncast(self, to: CancellableEffectBox<Action>.self).cancellation
    case .cancel: .cancel(id: unsafeDowncast(self, to: CancelEffectBox<Action>.self).id)
    case .scoped:
      unsafeDowncast(self, to: ScopedEffectBox<Action>.self).scoping
    case .deferred: .deferred(unsafeDowncast(self, to: DeferredEffectBox<Action>.self).build)
    }
  }
}

/// An `Effect.run`. Its fields are stored one by one rather than as a ``RunOperation``: the
/// (unspecialized) deinit then releases them directly, where destroying the generic struct
/// looked its metadata up at run time.
///
/// A run made cancellable while its box was uniquely referenced (`.run { … }.cancellable(id:)`,
/// the usual shape) holds the id itself, instead of being wrapped in a ``CancellableEffectBox``:
/// one allocation and one level of `start` less per effect.
@usableFromInline
final class RunEffectBox<Action: Sendable>: EffectBox<Action>, @unchecked Sendable {
  // @unchecked: the `let`s are `Sendable`; the `var`s are set only while the box is uniquely
  // referenced (see `Effect.cancellable(id:cancelInFlight:)`), before any other thread can see it.
  // For the same reason their accesses need no dynamic exclusivity checks, which cost ~100
  // instructions each.
  @usableFromInline let priority: TaskPriority?
  @usableFromInline let body: @concurrent @Sendable (Send<Action>) async throws -> Void
  @usableFromInline let handler: (@concurrent @Sendable (any Error, Send<Action>) async -> Void)?
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let dependencies: DependencyValues
  /// The id the run was made cancellable with, if it holds one.
  @exclusivity(unchecked) @usableFromInline var cancelID: AnyHashableSendable?
  /// Whether starting the run cancels the effects running under ``cancelID`` first.
  @exclusivity(unchecked) @usableFromInline var cancelInFlight = false

  /// `Effect.run` builds the box from the fields directly: built from a ``RunOperation`` (even
  /// with an inlinable initializer), the temporary operation was destroyed through its generic
  /// value witnesses on every `Effect.run`.
  @inlinable
  init(
    priority: TaskPriority?,
    body: @escaping @concurrent @Sendable (Send<Action>) async throws -> Void,
    handler: (@concurrent @Sendable (any Error, Send<Action>) async -> Void)?,
    fileID: StaticString,
    line: UInt,
    dependencies: DependencyValues
  ) {
    self.priority = priority
    self.body = body
    self.handler = handler
    self.fileID = fileID
    self.line = line
    self.dependencies = dependencies
    super.init(kind: .run, isSynchronous: false)
  }

  @inlinable
  convenience init(_ run: RunOperation<Action>) {
    self.init(
      priority: run.priority, body: run.operation, handler: run.handler, fileID: run.fileID, line: run.line,
      dependencies: run.dependencies)
  }

  /// The run itself, without the id it holds.
  @inlinable
  var run: RunOperation<Action> {
    RunOperation(
      priority: priority, operation: body, handler: handler, fileID: fileID, line: line,
      dependencies: dependencies)
  }

  /// The operation the box stands for: the run, made cancellable when it holds an id.
  @inlinable
  var runOperation: Effect<Action>.Operation {
    guard let cancelID else { return .run(run) }
    return .cancellable(id: cancelID, cancelInFlight: cancelInFlight, Effect(operation: .run(run)))
  }
}

@usableFromInline
final class SubscribeEffectBox<Action: Sendable>: EffectBox<Action>, @unchecked Sendable {
  @usableFromInline let subscription: Subscription<Action>

  @inlinable
  init(_ subscription: Subscription<Action>) {
    self.subscription = subscription
    super.init(kind: .subscribe, isSynchronous: false)
  }
}

/// The effects of a `merge` or a `concatenate`.
@usableFromInline
final class EffectListBox<Action: Sendable>: EffectBox<Action>, @unchecked Sendable {
  @usableFromInline let effects: [Effect<Action>]

  @inlinable
  init(kind: Kind, _ effects: [Effect<Action>]) {
    self.effects = effects
    super.init(kind: kind, isSynchronous: effects.allSatisfy(\.isSynchronous))
  }
}

/// A `send` effect wrapped by a ``CancellableEffectBox`` or a ``ScopedEffectBox`` (a top-level
/// `send` is stored inline).
@usableFromInline
final class SendEffectBox<Action: Sendable>: EffectBox<Action>, @unchecked Sendable {
  @usableFromInline let action: Action

  @inlinable
  init(_ action: Action) {
    self.action = action
    super.init(kind: .send, isSynchronous: true)
  }
}

extension Effect {
  /// This effect as a wrapper box's child: `nil` for `none`, a box for `send`. A child held as an
  /// ``Effect`` made the wrapper's (unspecialized) deinit look up the effect's generic metadata.
  @inlinable
  var asChildBox: EffectBox<Action>? {
    switch storage {
    case .none: nil
    case .send(let action): SendEffectBox(action)
    case .boxed(let box): box
    }
  }

  /// The effect a wrapper box's `child` stands for.
  @inlinable
  init(child: EffectBox<Action>?) {
    guard let child else {
      self = .none
      return
    }
    self.init(storage: .boxed(child))
  }
}

@usableFromInline
final class CancellableEffectBox<Action: Sendable>: EffectBox<Action>, @unchecked Sendable {
  @usableFromInline let id: AnyHashableSendable
  @usableFromInline let cancelInFlight: Bool
  @usableFromInline let child: EffectBox<Action>?

  @inlinable
  init(id: AnyHashableSendable, cancelInFlight: Bool, _ effect: Effect<Action>) {
    self.id = id
    self.cancelInFlight = cancelInFlight
    self.child = effect.asChildBox
    super.init(kind: .cancellable, isSynchronous: effect.isSynchronous)
  }

  @inlinable
  var effect: Effect<Action> { Effect(child: child) }

  @inlinable
  var cancellation: Effect<Action>.Operation {
    .cancellable(id: id, cancelInFlight: cancelInFlight, effect)
  }
}

@usableFromInline
final class CancelEffectBox<Action: Sendable>: EffectBox<Action>, @unchecked Sendable {
  @usableFromInline let id: AnyHashableSendable

  @inlinable
  init(id: AnyHashableSendable) {
    self.id = id
    super.init(kind: .cancel, isSynchronous: true)
  }
}

@usableFromInline
final class ScopedEffectBox<Action: Sendable>: EffectBox<Action>, @unchecked Sendable {
  @usableFromInline let component: AnyHashableSendable
  @usableFromInline let child: EffectBox<Action>?

  @inlinable
  init(_ component: AnyHashableSendable, _ effect: Effect<Action>) {
    self.component = component
    self.child = effect.asChildBox
    super.init(kind: .scoped, isSynchronous: effect.isSynchronous)
  }

  @inlinable
  var effect: Effect<Action> { Effect(child: child) }

  @inlinable
  var scoping: Effect<Action>.Operation { .scoped(component, effect) }
}

@usableFromInline
final class DeferredEffectBox<Action: Sendable>: EffectBox<Action>, @unchecked Sendable {
  @usableFromInline let build: @Sendable (EngineEffectStart) -> Effect<Action>

  @inlinable
  init(_ build: @escaping @Sendable (EngineEffectStart) -> Effect<Action>) {
    self.build = build
    super.init(kind: .deferred, isSynchronous: false)
  }
}
