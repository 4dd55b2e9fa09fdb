/// Why a location source could not give a fix.
public enum LocationError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
  /// The source does not exist or cannot be opened (no such file, device or host).
  case sourceUnavailable(String)
  /// The source exists but this process may not read it.
  case permissionDenied(String)
  /// No fix arrived in time for a one-shot request.
  case locationUnknown
  /// The source sent data that is not a location protocol at all.
  case malformedInput(String)
  /// A connected source went away (end of a device, a closed socket, a dead daemon).
  case disconnected(String)
  /// The client was asked to act for an id it has no manager for.
  case notCreated(String)

  /// A sentence saying what went wrong.
  public var description: String {
    switch self {
    case .sourceUnavailable(let detail): "Location source unavailable: \(detail)"
    case .permissionDenied(let detail): "Permission denied: \(detail)"
    case .locationUnknown: "No location fix arrived in time."
    case .malformedInput(let detail): "Malformed location input: \(detail)"
    case .disconnected(let detail): "Location source disconnected: \(detail)"
    case .notCreated(let id): "No location manager was created for id \(id)."
    }
  }
}
