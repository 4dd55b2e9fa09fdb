/// The one representation of an ``Effect`` that is neither `none` nor `send` (those are stored
/// inline): one immutable subclass per kind of effect, told apart by ``kind``. The store starts
/// an effect by reading its box in place, and every operator (`map`, `retry`, tracking,
/// `signpost`, `cancellable`, scoping) builds new boxes from old ones.
///
/// The store's `start` reads a box's fields in place after one check of ``kind``, never through
/// a generic enum: copying or destroying a generic enum goes through its value witnesses and
/// looks its metadata up at run time, on every start and every drop (the "cancellable start +
/// cancel" row of `Benchmarks/instructions.sh` guards this). Wrappers hold their child as a box
/// for the same reason. Whether the effect is synchronous is worked out once, when the box is
/// made.
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
}

/// An `Effect.run`. Its fields are stored one by one rather than as one generic struct: the
/// (unspecialized) deinit then releases them directly, where destroying a generic struct looks
/// its metadata up at run time.
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
  /// The timing operator that built the run, if one did (``Effect/timed(_:)``).
  @exclusivity(unchecked) @usableFromInline var timing: EffectTiming?

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

  /// This run with its operation and handler replaced; its priority, call site, dependencies
  /// and cancellation id kept.
  func replacing(
    body: @escaping @concurrent @Sendable (Send<Action>) async throws -> Void,
    handler: (@concurrent @Sendable (any Error, Send<Action>) async -> Void)?
  ) -> RunEffectBox {
    let copy = RunEffectBox(
      priority: priority, body: body, handler: handler, fileID: fileID, line: line, dependencies: dependencies)
    copy.cancelID = cancelID
    copy.cancelInFlight = cancelInFlight
    copy.timing = timing
    return copy
  }

  /// This run, sending `transform(action)` for each action it sends.
  func map<Parent: Sendable>(_ transform: @escaping @Sendable (Action) -> Parent) -> RunEffectBox<Parent> {
    let body = self.body
    let mapped = RunEffectBox<Parent>(
      priority: priority,
      body: { send in try await body(send.map(transform)) },
      handler: mapHandler(handler, transform),
      fileID: fileID,
      line: line,
      dependencies: dependencies)
    mapped.cancelID = cancelID
    mapped.cancelInFlight = cancelInFlight
    mapped.timing = timing
    return mapped
  }
}

/// `handler`, taking a parent's ``Send`` instead of a child's.
func mapHandler<Action: Sendable, Parent: Sendable>(
  _ handler: (@concurrent @Sendable (any Error, Send<Action>) async -> Void)?,
  _ transform: @escaping @Sendable (Action) -> Parent
) -> (@concurrent @Sendable (any Error, Send<Parent>) async -> Void)? {
  guard let handler else { return nil }
  return { error, send in await handler(error, send.map(transform)) }
}

/// An `Effect.subscribe`: the client's body, its failure handler and what retrying and tracking
/// add to it.
@usableFromInline
final class SubscribeEffectBox<Action: Sendable>: EffectBox<Action>, @unchecked Sendable {
  // @unchecked: immutable, and every field is `Sendable`.
  let body: @Sendable (EffectSubscriber<Action>) -> AnyCancellable
  let handler: (@concurrent @Sendable (any Error, Send<Action>) async -> Void)?
  /// How many times a failed subscription is made again (see ``Effect/retry(_:)``).
  let retries: Int
  let fileID: StaticString
  let line: UInt
  /// Called when the whole effect has ended — every attempt, and the handler — and when it is
  /// cancelled (possibly both: it must be idempotent): for tracking that must not end between
  /// a failed attempt and its retry.
  let onFinish: (@Sendable () -> Void)?
  /// Whether this subscription stands in for a described `run` (`Effect.described(by:command:)`):
  /// the inspection stream then reports a run, as the effect it describes is one.
  let standsInForRun: Bool
  /// The timing operator that built the run it stands in for, if one did.
  let timing: EffectTiming?

  init(
    body: @escaping @Sendable (EffectSubscriber<Action>) -> AnyCancellable,
    handler: (@concurrent @Sendable (any Error, Send<Action>) async -> Void)?,
    retries: Int = 0,
    fileID: StaticString,
    line: UInt,
    onFinish: (@Sendable () -> Void)? = nil,
    standsInForRun: Bool = false,
    timing: EffectTiming? = nil
  ) {
    self.body = body
    self.handler = handler
    self.retries = retries
    self.fileID = fileID
    self.line = line
    self.onFinish = onFinish
    self.standsInForRun = standsInForRun
    self.timing = timing
    super.init(kind: .subscribe, isSynchronous: false)
  }

  /// This subscription with the parts given replaced; its handler and call site kept.
  func replacing(
    body: (@Sendable (EffectSubscriber<Action>) -> AnyCancellable)? = nil,
    retries: Int? = nil,
    onFinish: (@Sendable () -> Void)?? = nil
  ) -> SubscribeEffectBox {
    SubscribeEffectBox(
      body: body ?? self.body, handler: handler, retries: retries ?? self.retries, fileID: fileID, line: line,
      onFinish: onFinish ?? self.onFinish, standsInForRun: standsInForRun, timing: timing)
  }

  /// This subscription, sending `transform(action)` for each action its client sends.
  func map<Parent: Sendable>(_ transform: @escaping @Sendable (Action) -> Parent) -> SubscribeEffectBox<Parent> {
    let body = self.body
    return SubscribeEffectBox<Parent>(
      body: { subscriber in body(subscriber.map(transform)) },
      handler: mapHandler(handler, transform),
      retries: retries,
      fileID: fileID,
      line: line,
      onFinish: onFinish,
      standsInForRun: standsInForRun,
      timing: timing)
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
}

@usableFromInline
final class DeferredEffectBox<Action: Sendable>: EffectBox<Action>, @unchecked Sendable {
  @usableFromInline let build: @Sendable (DeferredEffectStart) -> Effect<Action>
  /// The client command this effect is, when it is one: a described effect has no resource to
  /// run it on (see `Effect.described(by:command:)`).
  let command: EffectCommand?

  init(command: EffectCommand? = nil, _ build: @escaping @Sendable (DeferredEffectStart) -> Effect<Action>) {
    self.build = build
    self.command = command
    super.init(kind: .deferred, isSynchronous: false)
  }
}
