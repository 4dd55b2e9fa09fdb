/// A thread-safe table of the resources long-lived effects keep alive (the managers and
/// delegates of a delegate-style client), keyed like cancellation ids: by id, within the store
/// and child-feature instance the effect runs in.
///
/// Keep one table per client. The `create` effect inserts its resource from its
/// ``Effect/subscribe(_:catch:fileID:line:)`` body and returns the token, so the entry goes
/// away exactly when the effect ends; commands find the resource with ``command(_:fileID:line:perform:)``:
///
/// ```swift
/// static let managers = EffectResources<Manager>()
///
/// static func create(id: some Hashable & Sendable) -> Effect<Event> {
///   .subscribe { subscriber in
///     let manager = Manager(onEvent: { subscriber.send($0) })
///     return managers.insert(manager, for: id, subscriber: subscriber) { $0.stop() }
///   }
///   .cancellable(id: id, cancelInFlight: true)
/// }
///
/// static func requestUpdate(id: some Hashable & Sendable) -> Effect<Never> {
///   managers.command(id) { $0.requestUpdate() }
/// }
/// ```
///
/// The guarantees a client author needs:
/// - Two stores, or two rows of one `forEach`, that use the same id each get their own entry.
/// - Restarting under the same id (`cancelInFlight: true`) stops the old resource before the new
///   one is inserted, and the old token never removes the new entry.
/// - The teardown runs exactly once, and has run by the time a `send` that cancels the effect
///   (`.cancel(id:)`) returns, or when the store goes away.
public final class EffectResources<Resource: Sendable>: Sendable {
  private struct Key: Hashable, Sendable {
    let scope: EffectScope
    let id: AnyHashableSendable
  }

  private struct Entry: Sendable {
    let resource: Resource
    let generation: UInt64
  }

  private struct State: Sendable {
    var entries: [Key: Entry] = [:]
    var nextGeneration: UInt64 = 0
  }

  private let state = SanitizerVisibleMutex(State())

  /// Creates an empty table.
  public init() {}

  /// Stores `resource` for the effect with `id` that `subscriber` feeds, and returns the token
  /// that removes it again.
  ///
  /// Return the token from the ``Effect/subscribe(_:catch:fileID:line:)`` body (or chain it
  /// into yours). Inserting where an entry exists replaces it; the replaced entry's token then
  /// removes nothing but still runs its own teardown.
  ///
  /// - Parameters:
  ///   - resource: What to keep.
  ///   - id: The effect's cancellation id.
  ///   - subscriber: The subscriber the body was given: it says which store and child instance
  ///     the entry belongs to.
  ///   - teardown: Work to run on `resource` when the token runs, such as stopping it.
  /// - Returns: A token that removes this entry and runs `teardown`, once.
  public func insert<Action: Sendable>(
    _ resource: Resource,
    for id: some Hashable & Sendable,
    subscriber: EffectSubscriber<Action>,
    teardown: @escaping @Sendable (Resource) -> Void = { _ in }
  ) -> AnyCancellable {
    let key = Key(scope: subscriber.scope, id: AnyHashableSendable(id))
    let generation = state.withLock { state in
      let generation = state.nextGeneration
      state.nextGeneration &+= 1
      state.entries[key] = Entry(resource: resource, generation: generation)
      return generation
    }
    let reporter = subscriber.scope.reporter
    reporter?.report(.inserted, resource: "\(Resource.self)", id: "\(key.id)", path: key.scope.path)
    return AnyCancellable { [weak self] in
      self?.state.withLock { state in
        if state.entries[key]?.generation == generation { state.entries[key] = nil }
      }
      teardown(resource)
      reporter?.report(.tornDown, resource: "\(Resource.self)", id: "\(key.id)", path: key.scope.path)
    }
  }

  /// An effect that runs `body` on the resource of the effect with `id`, in the store and child
  /// instance that starts the command: a client command such as `requestLocation(id:)`.
  ///
  /// The command runs synchronously as the store starts it, in order with the actions and
  /// effects around it. When no effect with `id` holds a resource there, nothing runs and a
  /// runtime issue names the id: a command sent before `create`, or after the effect ended.
  ///
  /// Commands are `Effect<Never>`: return one from a reducer with
  /// ``Effect/fireAndForget()``, or merge it into other effects after that conversion.
  ///
  /// - Parameters:
  ///   - id: The cancellation id of the effect that holds the resource.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - body: The work to do with the resource.
  /// - Returns: The command.
  public func command(
    _ id: some Hashable & Sendable,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    perform body: @escaping @Sendable (Resource) -> Void
  ) -> Effect<Never> {
    let command = EffectCommand(resource: "\(Resource.self)", id: AnyHashableSendable(id), fileID: fileID, line: line)
    return Effect(
      box: DeferredEffectBox(command: command) { [weak self] start in
        guard let self else { return .none }
        if let resource = self.resource(Key(scope: start.scope, id: command.id)) {
          body(resource)
          start.scope.reporter?.report(
            .commanded, resource: command.resource, id: command.printedID, path: start.scope.path)
        } else {
          command.reportNoResource()
        }
        return .none
      })
  }

  /// The resource of the effect with `id` in `scope`, if that effect is running.
  ///
  /// - Parameters:
  ///   - id: The effect's cancellation id.
  ///   - scope: The store and child instance, from an ``EffectSubscriber/scope``.
  public subscript(id: some Hashable & Sendable, in scope: EffectScope) -> Resource? {
    resource(Key(scope: scope, id: AnyHashableSendable(id)))
  }

  /// How many resources are kept (for leak checks in tests).
  public var count: Int {
    state.withLock { $0.entries.count }
  }

  private func resource(_ key: Key) -> Resource? {
    state.withLock { $0.entries[key]?.resource }
  }
}
