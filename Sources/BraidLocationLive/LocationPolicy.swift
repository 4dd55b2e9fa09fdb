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
      last.distance(to: fix) < filter
    {
      return false
    }
    lastDelivered = fix
    return true
  }
}
