/// The namespace of a location manager's delegate events, in the shape of the seed's
/// `LocationManager` (`create(id:)` then delegate callbacks as actions).
public enum LocationManager {
  /// What a running manager tells its feature: its delegate callbacks, as actions.
  public enum Action: Sendable, Equatable, Codable {
    /// The source's access changed (or was first determined).
    case didChangeAuthorization(AuthorizationStatus)
    /// New fixes, oldest first.
    case didUpdateLocations([Location])
    /// The source failed; the manager keeps running and recovers when it can.
    case didFailWithError(LocationError)
    /// The source opened or closed, or read more lines (sent with each decoded fix).
    case didUpdateSourceStatus(LocationSourceStatus)
  }

  /// Whether this process can read its location source, mapped honestly onto Linux.
  public enum AuthorizationStatus: Sendable, Equatable, Codable {
    /// Not asked yet.
    case notDetermined
    /// The source is readable.
    case authorizedWhenInUse
    /// The source exists but may not be read (file permissions, a refused connection).
    case denied
    /// There is no source to ask.
    case unavailable
  }

  /// What a feature may ask of the fixes it gets.
  public struct Properties: Sendable, Equatable {
    /// Fixes whose horizontal accuracy is worse than this many metres are dropped; `nil` keeps
    /// every fix.
    public var desiredAccuracy: Double?
    /// A fix closer than this many metres to the last one delivered is dropped; `nil` delivers
    /// every fix.
    public var distanceFilter: Double?

    /// Creates the properties.
    ///
    /// - Parameters:
    ///   - desiredAccuracy: The worst horizontal accuracy to deliver, in metres.
    ///   - distanceFilter: The least movement to deliver, in metres.
    public init(desiredAccuracy: Double? = nil, distanceFilter: Double? = nil) {
      self.desiredAccuracy = desiredAccuracy
      self.distanceFilter = distanceFilter
    }
  }
}
