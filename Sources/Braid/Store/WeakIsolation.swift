/// The actor a store's core is isolated to, held weakly: a running effect must not keep a
/// released store's actor alive, and finds `nil` once it is gone.
///
/// Unchecked: a ``StoreActor`` binds itself once, in its initializer, before anything can read
/// it; every other store's isolation is set at creation.
final class WeakIsolation: @unchecked Sendable {
  private(set) weak var actor: (any Actor)?

  init(_ actor: (any Actor)?) {
    self.actor = actor
  }

  /// Sets the actor of a store's core made before its actor existed.
  func bind(_ actor: any Actor) {
    self.actor = actor
  }

  /// Runs `body` on `actor`, returning what it returns; `nil` when the actor is gone.
  func run<T: Sendable>(_ body: @Sendable () -> T) async -> T? {
    guard let actor else { return nil }
    return await Self.run(body, on: actor)
  }

  private static func run<T: Sendable>(_ body: @Sendable () -> T, on actor: isolated any Actor) -> T {
    body()
  }
}

/// A weak reference to a store's core for the closures effects carry.
///
/// Unchecked: the core is not `Sendable`; the closures that read `object` are only ever called
/// on the core's isolation (``WeakIsolation/run(_:)``), where its owner uses it too.
final class UncheckedWeakReference<Object: AnyObject>: @unchecked Sendable {
  weak let object: Object?

  init(_ object: Object) {
    self.object = object
  }
}
