import Foundation

/// One position fix, as a location source reports it.
///
/// Values a source does not report are `nil` (an NMEA receiver that sends only GGA gives no
/// speed; one that sends only RMC gives no altitude).
public struct Location: Sendable, Equatable, Codable {
  /// Degrees north of the equator, −90…90.
  public var latitude: Double
  /// Degrees east of Greenwich, −180…180.
  public var longitude: Double
  /// Metres above mean sea level.
  public var altitude: Double?
  /// The estimated horizontal error, in metres (95 %, derived from HDOP when the source gives
  /// nothing better).
  public var horizontalAccuracy: Double?
  /// The estimated vertical error, in metres.
  public var verticalAccuracy: Double?
  /// Speed over ground, in metres per second.
  public var speed: Double?
  /// Course over ground, in degrees from true north, 0…360.
  public var course: Double?
  /// When the fix was taken; `nil` when the source gave a time of day but no date yet.
  public var timestamp: Date?
  /// How the source computed the fix.
  public var quality: FixQuality

  /// Creates a fix.
  ///
  /// - Parameters:
  ///   - latitude: Degrees north.
  ///   - longitude: Degrees east.
  ///   - altitude: Metres above mean sea level.
  ///   - horizontalAccuracy: Horizontal error in metres.
  ///   - verticalAccuracy: Vertical error in metres.
  ///   - speed: Metres per second.
  ///   - course: Degrees from true north.
  ///   - timestamp: When the fix was taken.
  ///   - quality: How it was computed.
  public init(
    latitude: Double,
    longitude: Double,
    altitude: Double? = nil,
    horizontalAccuracy: Double? = nil,
    verticalAccuracy: Double? = nil,
    speed: Double? = nil,
    course: Double? = nil,
    timestamp: Date? = nil,
    quality: FixQuality = .gps
  ) {
    self.latitude = latitude
    self.longitude = longitude
    self.altitude = altitude
    self.horizontalAccuracy = horizontalAccuracy
    self.verticalAccuracy = verticalAccuracy
    self.speed = speed
    self.course = course
    self.timestamp = timestamp
    self.quality = quality
  }

  /// How a fix was computed, from worst to best.
  public enum FixQuality: Int, Sendable, Comparable, CaseIterable, Codable {
    /// Estimated (dead reckoning) or unknown.
    case estimated
    /// A plain satellite fix.
    case gps
    /// Corrected by a differential (DGPS/SBAS) service.
    case differential
    /// Real-time kinematic, floating ambiguities.
    case rtkFloat
    /// Real-time kinematic, fixed ambiguities: centimetre class.
    case rtkFixed

    /// Whether `lhs` is worse than `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }
}
