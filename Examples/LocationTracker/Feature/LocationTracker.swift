import Braid
import BraidLocation

/// The location example: asks for access, starts and stops tracking, keeps the current fix,
/// the distance travelled and a short track, shows errors, and can ask for a single fix.
public struct LocationTracker: Reducer {
  /// The tracker's screen.
  public struct State: Equatable, Sendable, Codable {
    /// Whether the source can be read.
    public var authorization: LocationManager.AuthorizationStatus = .notDetermined
    /// Whether fixes are being delivered.
    public var isTracking = false
    /// The newest fix.
    public var current: Location?
    /// The last fixes, oldest first, at most ``trackLength``.
    public var track: [Location] = []
    /// Metres travelled while tracking.
    public var distance: Double = 0
    /// How many fixes arrived.
    public var fixCount = 0
    /// The newest error, cleared by the next fix.
    public var error: LocationError?
    /// Whether the source is open and how many of its lines were read and skipped.
    public var source = LocationSourceStatus()

    /// How many fixes the track keeps.
    public static let trackLength = 10

    /// An empty tracker.
    public init() {}
  }

  /// What the user and the location manager do.
  public enum Action: Equatable, Sendable, Codable {
    case toggleTrackingTapped
    case requestOneFixTapped
    case location(LocationManager.Action)
  }

  /// The id the tracker creates its location manager with; printed (in traces, coverage and
  /// described effects) as `locationManager`.
  public struct ManagerID: Hashable, Sendable, CustomStringConvertible {
    /// The id.
    public init() {}

    /// `locationManager`: the name the tools show, not the type's dump.
    public var description: String { "locationManager" }
  }

  @Dependency(\.locationClient) var locationClient

  /// Creates the feature.
  public init() {}

  /// The feature: its manager is created and asked for access when it mounts, and destroyed
  /// (its source closed) when it dismounts.
  public var body: some ReducerOf<Self> {
    Reduce(handle)
      .onMount { _ in
        .merge(
          locationClient.create(ManagerID()).map(Action.location),
          locationClient.requestWhenInUseAuthorization(ManagerID()).fireAndForget()
        )
      }
      .onDismount { _ in locationClient.destroy(ManagerID()).fireAndForget() }
  }

  /// Handles one action.
  func handle(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .toggleTrackingTapped:
      state.isTracking.toggle()
      return state.isTracking
        ? locationClient.startUpdatingLocation(ManagerID()).fireAndForget()
        : locationClient.stopUpdatingLocation(ManagerID()).fireAndForget()
    case .requestOneFixTapped:
      return locationClient.requestLocation(ManagerID()).fireAndForget()
    case .location(.didChangeAuthorization(let status)):
      state.authorization = status
      return .none
    case .location(.didUpdateLocations(let fixes)):
      for fix in fixes {
        if state.isTracking, let last = state.track.last {
          state.distance += last.distance(to: fix)
        }
        state.current = fix
        state.track.append(fix)
        state.fixCount += 1
      }
      state.track = Array(state.track.suffix(State.trackLength))
      state.error = nil
      return .none
    case .location(.didFailWithError(let error)):
      state.error = error
      return .none
    case .location(.didUpdateSourceStatus(let status)):
      state.source = status
      return .none
    }
  }
}
