import Braid
import Synchronization

extension LocationClient {
  /// A client for tests whose managers are driven by hand: the returned control pushes delegate
  /// events into every running `create` effect of an id, and records the commands it received.
  ///
  /// ```swift
  /// let (client, control) = LocationClient.controlled()
  /// let store = TestStore(initialState: Tracker.State()) { Tracker() } withDependencies: {
  ///   $0.locationClient = client
  /// }
  /// await store.send(.startButtonTapped) { $0.isTracking = true }
  /// control.send(.didUpdateLocations([fix]), to: TrackerID())
  /// await store.receive(.location(.didUpdateLocations([fix]))) { $0.current = fix }
  /// ```
  ///
  /// - Parameter authorization: What ``authorizationStatus`` answers and
  ///   ``requestWhenInUseAuthorization`` reports.
  /// - Returns: The client and its control.
  public static func controlled(
    authorization: LocationManager.AuthorizationStatus = .authorizedWhenInUse
  ) -> (client: LocationClient, control: LocationClientControl) {
    let control = LocationClientControl()
    let managers = EffectResources<EffectSubscriber<LocationManager.Action>>()
    let client = LocationClient(
      create: { id in
        .subscribe { subscriber in
          let token = control.register(subscriber, for: id)
          let entry = managers.insert(subscriber, for: id, subscriber: subscriber)
          return AnyCancellable {
            token.cancel()
            entry.cancel()
          }
        }
        .cancellable(id: id, cancelInFlight: true)
      },
      destroy: { id in
        control.record(.destroy, id)
        return Effect<Never>.cancel(id: id)
      },
      requestLocation: { id in managers.command(id) { _ in control.record(.requestLocation, id) } },
      startUpdatingLocation: { id in managers.command(id) { _ in control.record(.startUpdatingLocation, id) } },
      stopUpdatingLocation: { id in managers.command(id) { _ in control.record(.stopUpdatingLocation, id) } },
      set: { id, properties in managers.command(id) { _ in control.record(.set(properties), id) } },
      authorizationStatus: { authorization },
      requestWhenInUseAuthorization: { id in
        managers.command(id) { subscriber in
          control.record(.requestWhenInUseAuthorization, id)
          subscriber.send(.didChangeAuthorization(authorization))
        }
      }
    )
    return (client, control)
  }
}

/// The hand of a test on a ``LocationClient/controlled(authorization:)`` client.
public final class LocationClientControl: Sendable {
  /// A command the client received.
  public enum Command: Sendable, Equatable {
    case destroy
    case requestLocation
    case startUpdatingLocation
    case stopUpdatingLocation
    case set(LocationManager.Properties)
    case requestWhenInUseAuthorization
  }

  /// A manager id as a dictionary key.
  private struct Key: Hashable, @unchecked Sendable {
    // @unchecked: only ever made from a `Sendable` id, and never mutated.
    let base: AnyHashable
    init(_ id: any Hashable & Sendable) { base = AnyHashable(id) }
  }

  private struct State {
    var subscribers: [Key: [UInt64: EffectSubscriber<LocationManager.Action>]] = [:]
    var nextToken: UInt64 = 0
    var commands: [(command: Command, id: Key)] = []
  }

  private let state = SanitizerVisibleMutex(State())

  init() {}

  /// Delivers `action` to every running manager created with `id`.
  ///
  /// - Parameters:
  ///   - action: The delegate event.
  ///   - id: The id the managers were created with.
  public func send(_ action: LocationManager.Action, to id: some Hashable & Sendable) {
    let subscribers = state.withLock { Array(($0.subscribers[Key(id)] ?? [:]).values) }
    for subscriber in subscribers { subscriber.send(action) }
  }

  /// How many managers created with `id` are running.
  ///
  /// - Parameter id: The id the managers were created with.
  public func runningManagers(for id: some Hashable & Sendable) -> Int {
    state.withLock { $0.subscribers[Key(id)]?.count ?? 0 }
  }

  /// The commands received for `id`, in order.
  ///
  /// - Parameter id: The id the commands were addressed to.
  public func commands(for id: some Hashable & Sendable) -> [Command] {
    state.withLock { state in state.commands.filter { $0.id == Key(id) }.map(\.command) }
  }

  func register(_ subscriber: EffectSubscriber<LocationManager.Action>, for id: any Hashable & Sendable)
    -> AnyCancellable
  {
    let key = Key(id)
    let token = state.withLock { state in
      let token = state.nextToken
      state.nextToken &+= 1
      state.subscribers[key, default: [:]][token] = subscriber
      return token
    }
    return AnyCancellable { [weak self] in
      self?.state.withLock { state in
        let key = Key(id)
        state.subscribers[key]?[token] = nil
        if state.subscribers[key]?.isEmpty == true { state.subscribers[key] = nil }
      }
    }
  }

  func record(_ command: Command, _ id: any Hashable & Sendable) {
    let key = Key(id)
    state.withLock { $0.commands.append((command, key)) }
  }
}
