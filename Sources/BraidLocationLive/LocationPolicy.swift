import BraidLocation
import Foundation

/// Which fixes a manager delivers: the desired accuracy and distance filter of its
/// `LocationManager.Properties`, as pure code.
public struct LocationPolicy: Sendable, Equatable {
  /// The manager's properties.
  public var properties: LocationManager.Properties
  /// The last fix delivered while updating, which the distance filter measures from.
  public private(set) var lastDelivered: Location?

  /// A policy for `properties`, with nothing delivered yet.
  ///
  /// - Parameter properties: The desired accuracy and distance filter.
  public init(properties: LocationManager.Properties = .init()) {
    self.properties = properties
  }

  /// Whether `fix` is accurate enough and far enough from the last delivered fix; remembers
  /// it when it is.
  ///
  /// A fix without an accuracy estimate passes the accuracy check: the source gave nothing to
  /// judge it by.
  ///
  /// - Parameter fix: The next fix from the source.
  /// - Returns: Whether to deliver it.
  public mutating func admit(_ fix: Location) -> Bool {
    if let desired = properties.desiredAccuracy, let accuracy = fix.horizontalAccuracy, accuracy > desired {
      return false
    }
    if let filter = properties.distanceFilter, let last = lastDelivered,
      Self.distance(from: last, to: fix) < filter
    {
      return false
    }
    lastDelivered = fix
    return true
  }

  /// The great-circle distance between two fixes, in metres (haversine, mean Earth radius).
  ///
  /// - Parameters:
  ///   - from: One fix.
  ///   - to: The other.
  /// - Returns: Metres along the surface.
  public static func distance(from: Location, to: Location) -> Double {
    let radius = 6_371_008.8
    let latitude1 = from.latitude * .pi / 180
    let latitude2 = to.latitude * .pi / 180
    let deltaLatitude = (to.latitude - from.latitude) * .pi / 180
    let deltaLongitude = (to.longitude - from.longitude) * .pi / 180
    let a =
      sin(deltaLatitude / 2) * sin(deltaLatitude / 2)
      + cos(latitude1) * cos(latitude2) * sin(deltaLongitude / 2) * sin(deltaLongitude / 2)
    return 2 * radius * atan2(a.squareRoot(), (1 - a).squareRoot())
  }
}
