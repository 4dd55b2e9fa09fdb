import Braid

/// A location manager as a Braid client: `create(id:)` starts a manager whose delegate events
/// arrive as actions, and commands addressed by the same id steer it.
///
/// ```swift
/// struct TrackerID: Hashable, Sendable {}
///
/// case .onAppear:
///   return .merge(
///     locationClient.create(id: TrackerID()).map(Action.location),
///     locationClient.startUpdatingLocation(id: TrackerID()).fireAndForget()
///   )
/// case .onDisappear:
///   return locationClient.destroy(id: TrackerID()).fireAndForget()
/// ```
///
/// Ids are private to the store and child feature that create the manager, like cancellation
/// ids: two rows that each create `TrackerID()` get a manager each. Commands are
/// `Effect<Never>`; return them with `fireAndForget()`.
public struct LocationClient: Sendable {
  /// Starts a manager for `id` (a restart under the same id replaces it); it runs until
  /// ``destroy`` or cancellation.
  public var create: @Sendable (_ id: any Hashable & Sendable) -> Effect<LocationManager.Action>
  /// Stops the manager for `id` and ends its `create` effect.
  public var destroy: @Sendable (_ id: any Hashable & Sendable) -> Effect<Never>
  /// Asks for one fix: `didUpdateLocations` with it, or `didFailWithError(.locationUnknown)`
  /// when none arrives in time.
  public var requestLocation: @Sendable (_ id: any Hashable & Sendable) -> Effect<Never>
  /// Delivers every fix (subject to the manager's properties) until stopped.
  public var startUpdatingLocation: @Sendable (_ id: any Hashable & Sendable) -> Effect<Never>
  /// Stops delivering fixes; the manager stays created.
  public var stopUpdatingLocation: @Sendable (_ id: any Hashable & Sendable) -> Effect<Never>
  /// Changes the desired accuracy and distance filter of the manager for `id`.
  public var set: @Sendable (_ id: any Hashable & Sendable, _ properties: LocationManager.Properties) -> Effect<Never>
  /// Whether the source can be read now.
  public var authorizationStatus: @Sendable () -> LocationManager.AuthorizationStatus
  /// Checks access to the source and reports it as `didChangeAuthorization`.
  public var requestWhenInUseAuthorization: @Sendable (_ id: any Hashable & Sendable) -> Effect<Never>

  /// Creates a client from its endpoints.
  ///
  /// - Parameters:
  ///   - create: Starts a manager.
  ///   - destroy: Stops a manager.
  ///   - requestLocation: Asks for one fix.
  ///   - startUpdatingLocation: Starts delivering fixes.
  ///   - stopUpdatingLocation: Stops delivering fixes.
  ///   - set: Changes a manager's properties.
  ///   - authorizationStatus: Whether the source can be read.
  ///   - requestWhenInUseAuthorization: Checks access and reports it.
  public init(
    create: @escaping @Sendable (_ id: any Hashable & Sendable) -> Effect<LocationManager.Action>,
    destroy: @escaping @Sendable (_ id: any Hashable & Sendable) -> Effect<Never>,
    requestLocation: @escaping @Sendable (_ id: any Hashable & Sendable) -> Effect<Never>,
    startUpdatingLocation: @escaping @Sendable (_ id: any Hashable & Sendable) -> Effect<Never>,
    stopUpdatingLocation: @escaping @Sendable (_ id: any Hashable & Sendable) -> Effect<Never>,
    set: @escaping @Sendable (_ id: any Hashable & Sendable, _ properties: LocationManager.Properties) -> Effect<Never>,
    authorizationStatus: @escaping @Sendable () -> LocationManager.AuthorizationStatus,
    requestWhenInUseAuthorization: @escaping @Sendable (_ id: any Hashable & Sendable) -> Effect<Never>
  ) {
    self.create = create
    self.destroy = destroy
    self.requestLocation = requestLocation
    self.startUpdatingLocation = startUpdatingLocation
    self.stopUpdatingLocation = stopUpdatingLocation
    self.set = set
    self.authorizationStatus = authorizationStatus
    self.requestWhenInUseAuthorization = requestWhenInUseAuthorization
  }
}

extension LocationClient {
  /// A client whose every endpoint fails the test that reaches it, naming the endpoint: the
  /// test value, so a test sets up exactly what it uses.
  public static let unimplemented = LocationClient(
    create: Braid.unimplemented("LocationClient.create", placeholder: .none),
    destroy: Braid.unimplemented("LocationClient.destroy", placeholder: .none),
    requestLocation: Braid.unimplemented("LocationClient.requestLocation", placeholder: .none),
    startUpdatingLocation: Braid.unimplemented("LocationClient.startUpdatingLocation", placeholder: .none),
    stopUpdatingLocation: Braid.unimplemented("LocationClient.stopUpdatingLocation", placeholder: .none),
    set: Braid.unimplemented("LocationClient.set", placeholder: .none),
    authorizationStatus: Braid.unimplemented("LocationClient.authorizationStatus", placeholder: .notDetermined),
    requestWhenInUseAuthorization: Braid.unimplemented(
      "LocationClient.requestWhenInUseAuthorization", placeholder: .none)
  )

  /// A client that does nothing and never reports a fix: the preview value.
  public static let noop = LocationClient(
    create: { _ in .none },
    destroy: { _ in .none },
    requestLocation: { _ in .none },
    startUpdatingLocation: { _ in .none },
    stopUpdatingLocation: { _ in .none },
    set: { _, _ in .none },
    authorizationStatus: { .notDetermined },
    requestWhenInUseAuthorization: { _ in .none }
  )
}

extension LocationClient: TestDependencyKey {
  /// ``unimplemented``.
  public static var testValue: LocationClient { .unimplemented }
  /// ``noop``.
  public static var previewValue: LocationClient { .noop }
}

extension DependencyValues {
  /// The location client features read with `@Dependency(\.locationClient)`: in tests
  /// ``LocationClient/unimplemented``, in previews ``LocationClient/noop``; an app installs the
  /// live client (from `BraidLocationLive`) with `prepareDependencies`.
  public var locationClient: LocationClient {
    get { self[LocationClient.self] }
    set { self[LocationClient.self] = newValue }
  }
}
