import Foundation

extension Location {
  /// The great-circle distance to `other`, in metres (haversine on a sphere of the Earth's mean
  /// radius; within 0.5 % of the ellipsoidal distance).
  ///
  /// - Parameter other: Another fix.
  /// - Returns: Metres along the surface; altitude is ignored.
  public func distance(to other: Location) -> Double {
    let radius = 6_371_008.8
    let deltaLatitude = (other.latitude - latitude) * .pi / 180
    let deltaLongitude = (other.longitude - longitude) * .pi / 180
    let h =
      sin(deltaLatitude / 2) * sin(deltaLatitude / 2)
      + cos(latitude * .pi / 180) * cos(other.latitude * .pi / 180) * sin(deltaLongitude / 2)
      * sin(deltaLongitude / 2)
    return 2 * radius * atan2(h.squareRoot(), (1 - h).squareRoot())
  }
}
