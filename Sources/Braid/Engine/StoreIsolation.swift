import Synchronization

/// The actor a store's core is isolated to, held weakly: a running effect must not keep a
/// released store's actor alive, and finds `nil` once it is gone.
///
/// A ``StoreActor`` binds itself at the end of its initializer, which has mounted the feature
/// outside the actor; an effect that delivers before then waits for the binding, so the mount
/// and the first deliveries never overlap. Every other store's isolation is set at creation.
@usableFromInline
package final class StoreIsolation: @unchecked Sendable {
  // Unchecked: `bound` is written once, in `bind` (or the initializer), before `isBound` is set
  // with release ordering; it is read only after `isBound` was seen set with acquire ordering.
  private weak var bound: (any Actor)?
  private let isBound: Atomic<Bool>
  /// Deliveries waiting for ``bind(_:)``.
  private let waiters = SanitizerVisibleMutex<[CheckedContinuation<Void, Never>]>([])

  package init(_ actor: (any Actor)?) {
    bound = actor
    isBound = Atomic(actor != nil)
  }

  /// Sets the actor of a store's core made before its actor existed, and releases the
  /// deliveries that waited for it.
  func bind(_ actor: any Actor) {
    bound = actor
    let waiting = waiters.withLock { waiters in
      isBound.store(true, ordering: .releasing)
      defer { waiters = [] }
      return waiters
    }
    for waiter in waiting { waiter.resume() }
  }

  /// The actor, once bound; `nil` when it is gone.
  var actor: (any Actor)? {
    get async {
      if !isBound.load(ordering: .acquiring) {
        await withCheckedContinuation { continuation in
          let ready = waiters.withLock { waiters in
            if isBound.load(ordering: .acquiring) { return true }
            waiters.append(continuation)
            return false
          }
          if ready { continuation.resume() }
        }
      }
      return bound
    }
  }

  /// The actor if it is bound and still alive, without waiting for the binding.
  package var boundActor: (any Actor)? {
    isBound.load(ordering: .acquiring) ? bound : nil
  }

  /// Runs `body` on the actor, returning what it returns; `nil` when the actor is gone.
  func run<T: Sendable>(_ body: @Sendable () -> T) async -> T? {
    guard let actor = await actor else { return nil }
    return await Self.run(body, on: actor)
  }

  private static func run<T: Sendable>(_ body: @Sendable () -> T, on actor: isolated any Actor) -> T {
    body()
  }
}

/// A weak reference to a store's core for the closures effects carry.
///
/// Unchecked: the core is not `Sendable`; the closures that read `object` are only ever called
/// on the core's isolation (``StoreIsolation/run(_:)``), where its owner uses it too.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
  weak let object: Object?

  init(_ object: Object) {
    self.object = object
  }
}
