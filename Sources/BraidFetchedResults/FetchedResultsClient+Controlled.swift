import Braid

extension FetchedResultsClient {
  /// A client a test drives: it publishes snapshots to running observers through the returned
  /// control, which runs the real differ, so a `TestStore` test asserts exact change sets.
  ///
  /// ```swift
  /// let (client, control) = FetchedResultsClient<User>.controlled()
  /// await store.send(.onAppear)
  /// control.publish(FetchedResultsSnapshot([alice]), to: UsersID())
  /// await store.receive(.users(.initial(FetchedResultsSnapshot([alice])))) { … }
  /// ```
  ///
  /// - Returns: The client and its control.
  public static func controlled() -> (client: Self, control: FetchedResultsClientControl<Element>) {
    let control = FetchedResultsClientControl<Element>()
    let observers = EffectResources<EffectSubscriber<FetchedResultsEvent<Element>>>()
    let client = Self(
      create: { id, request in
        .subscribe { subscriber in
          control.record(.create(sql: request.sql, arguments: request.arguments), id)
          let token = control.register(subscriber, for: id)
          let entry = observers.insert(subscriber, for: id, subscriber: subscriber)
          return AnyCancellable {
            token.cancel()
            entry.cancel()
          }
        }
        .cancellable(id: id, cancelInFlight: true)
      },
      destroy: { id in
        control.record(.destroy, id)
        return .cancel(id: id)
      },
      refetch: { id in observers.command(id) { _ in control.record(.refetch, id) } },
      update: { id, request in
        observers.command(id) { _ in control.record(.update(sql: request.sql, arguments: request.arguments), id) }
      }
    )
    return (client, control)
  }
}

/// The hand of a test on a ``FetchedResultsClient/controlled()`` client.
public final class FetchedResultsClientControl<Element: Identifiable & Equatable & Sendable>: Sendable
where Element.ID: Sendable {
  /// A command the client received.
  public enum Command: Sendable, Equatable {
    case create(sql: String, arguments: [FetchValue])
    case update(sql: String, arguments: [FetchValue])
    case refetch
    case destroy
  }

  /// An observer id as a dictionary key.
  private struct Key: Hashable, @unchecked Sendable {
    // @unchecked: only ever made from a `Sendable` id, and never mutated.
    let base: AnyHashable
    init(_ id: any Hashable & Sendable) { base = AnyHashable(id) }
  }

  private struct Observer {
    let subscriber: EffectSubscriber<FetchedResultsEvent<Element>>
    var last: FetchedResultsSnapshot<Element>?
  }

  private struct State {
    var observers: [Key: [UInt64: Observer]] = [:]
    var nextToken: UInt64 = 0
    var commands: [(command: Command, id: Key)] = []
  }

  private let state = SanitizerVisibleMutex(State())

  init() {}

  /// Publishes `snapshot` to every running observer created with `id`: `.initial` for an
  /// observer's first, then `.didChangeContent` with the changes from its previous one (nothing
  /// when the snapshot did not change).
  ///
  /// - Parameters:
  ///   - snapshot: The new result.
  ///   - id: The id the observers were created with.
  public func publish(_ snapshot: FetchedResultsSnapshot<Element>, to id: some Hashable & Sendable) {
    let deliveries = state.withLock { state in
      var deliveries: [(EffectSubscriber<FetchedResultsEvent<Element>>, FetchedResultsEvent<Element>)] = []
      for (token, observer) in state.observers[Key(id)] ?? [:] {
        defer { state.observers[Key(id)]?[token]?.last = snapshot }
        guard let last = observer.last else {
          deliveries.append((observer.subscriber, .initial(snapshot)))
          continue
        }
        let changes = FetchedResultsChanges(from: last, to: snapshot)
        if !changes.isEmpty { deliveries.append((observer.subscriber, .didChangeContent(snapshot, changes))) }
      }
      return deliveries
    }
    for (subscriber, event) in deliveries { subscriber.send(event) }
  }

  /// Reports `error` to every running observer created with `id`.
  ///
  /// - Parameters:
  ///   - error: The failure.
  ///   - id: The id the observers were created with.
  public func fail(_ error: FetchedResultsError, to id: some Hashable & Sendable) {
    let subscribers = state.withLock { ($0.observers[Key(id)] ?? [:]).values.map(\.subscriber) }
    for subscriber in subscribers { subscriber.send(.failed(error)) }
  }

  /// How many observers created with `id` are running.
  ///
  /// - Parameter id: The id the observers were created with.
  public func runningObservers(for id: some Hashable & Sendable) -> Int {
    state.withLock { $0.observers[Key(id)]?.count ?? 0 }
  }

  /// The commands received for `id`, in order.
  ///
  /// - Parameter id: The id the commands were addressed to.
  public func commands(for id: some Hashable & Sendable) -> [Command] {
    state.withLock { state in state.commands.filter { $0.id == Key(id) }.map(\.command) }
  }

  func register(_ subscriber: EffectSubscriber<FetchedResultsEvent<Element>>, for id: any Hashable & Sendable)
    -> AnyCancellable
  {
    let key = Key(id)
    let token = state.withLock { state in
      let token = state.nextToken
      state.nextToken &+= 1
      state.observers[key, default: [:]][token] = Observer(subscriber: subscriber)
      return token
    }
    return AnyCancellable { [weak self] in
      self?.state.withLock { state in
        state.observers[key]?[token] = nil
        if state.observers[key]?.isEmpty == true { state.observers[key] = nil }
      }
    }
  }

  func record(_ command: Command, _ id: any Hashable & Sendable) {
    let key = Key(id)
    state.withLock { $0.commands.append((command, key)) }
  }
}
