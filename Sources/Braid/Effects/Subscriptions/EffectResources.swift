import Synchronization

/// A thread-safe table of the resources a long-lived effect keeps alive, keyed by the effect's
/// cancellation id.
///
/// Delegate-style clients need somewhere to keep the manager and delegate objects of each
/// running effect, and must drop them when the effect ends. Keep one table per client and let
/// the effect's teardown remove the entry:
///
/// ```swift
/// static let resources = EffectResources<Session>()
///
/// static func start(id: some Hashable & Sendable) -> Effect<Event> {
///   .subscribe { subscriber in
///     let session = Session(onEvent: { subscriber.send($0) })
///     return resources.insert(session, for: id)   // removed again on cancel or completion
///   }
///   .cancellable(id: id)
/// }
///
/// static func request(id: some Hashable & Sendable) {
///   resources[id]?.requestUpdate()
/// }
/// ```
public final class EffectResources<Resource: Sendable>: Sendable {
  private let storage = SanitizerVisibleMutex<[AnyHashableSendable: Resource]>([:])

  /// Creates an empty table.
  public init() {}

  /// Stores `resource` for `id` and returns the teardown that removes it again.
  ///
  /// Return the token from a ``Effect/subscribe(_:catch:fileID:line:)`` body (or chain it into
  /// yours) so the entry disappears exactly when the effect ends. Inserting for an id that
  /// already has a resource replaces it.
  ///
  /// - Parameters:
  ///   - resource: What to keep.
  ///   - id: The effect's cancellation id.
  ///   - teardown: Extra work to run when the entry is removed, such as stopping the resource.
  /// - Returns: A token that removes the entry (and runs `teardown`) once.
  public func insert(
    _ resource: Resource,
    for id: some Hashable & Sendable,
    teardown: @escaping @Sendable (Resource) -> Void = { _ in }
  ) -> AnyCancellable {
    let key = AnyHashableSendable(id)
    storage.withLock { $0[key] = resource }
    return AnyCancellable { [weak self] in
      let removed = self?.storage.withLock { $0.removeValue(forKey: key) }
      teardown(removed ?? resource)
    }
  }

  /// The resource stored for `id`, if its effect is running.
  public subscript(id: some Hashable & Sendable) -> Resource? {
    storage.withLock { $0[AnyHashableSendable(id)] }
  }

  /// Removes and returns the resource stored for `id`.
  @discardableResult
  public func remove(id: some Hashable & Sendable) -> Resource? {
    storage.withLock { $0.removeValue(forKey: AnyHashableSendable(id)) }
  }

  /// The number of resources held: zero once every effect has ended.
  public var count: Int {
    storage.withLock { $0.count }
  }
}
