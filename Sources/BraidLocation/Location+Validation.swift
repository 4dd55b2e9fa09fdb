extension Location {
  /// The rule every live source's fixes pass (NMEA files, TCP streams, serial devices and gpsd
  /// alike), so that the same impossible value is treated the same whichever way it arrived.
  ///
  /// - A position outside −90…90° latitude or −180…180° longitude, or not a finite number,
  ///   cannot be located anywhere: the whole fix is rejected.
  /// - Any other value that is not a finite number or is outside its range is dropped (made
  ///   `nil`) and the rest of the fix kept, as a receiver that did not report it:
  ///   altitude −12 000…100 000 m (the deepest ocean floor to the edge of space), speed
  ///   0…10 000 m/s (faster than anything that flies), course 0…360°, and accuracies
  ///   0…20 000 000 m (half the Earth's circumference, the farthest two points on it can be).
  ///
  /// - Returns: The fix with its invalid values dropped, or `nil` when its position is invalid.
  public func validated() -> Location? {
    guard Self.latitudes.contains(latitude), Self.longitudes.contains(longitude) else { return nil }
    var fix = self
    fix.altitude = altitude.flatMap(Self.keep(in: Self.altitudes))
    fix.speed = speed.flatMap(Self.keep(in: Self.speeds))
    fix.course = course.flatMap(Self.keep(in: Self.courses))
    fix.horizontalAccuracy = horizontalAccuracy.flatMap(Self.keep(in: Self.accuracies))
    fix.verticalAccuracy = verticalAccuracy.flatMap(Self.keep(in: Self.accuracies))
    return fix
  }

  /// Degrees.
  static let latitudes: ClosedRange<Double> = -90...90
  /// Degrees.
  static let longitudes: ClosedRange<Double> = -180...180
  /// Metres above mean sea level.
  static let altitudes: ClosedRange<Double> = -12_000...100_000
  /// Metres per second.
  static let speeds: ClosedRange<Double> = 0...10_000
  /// Degrees from true north.
  static let courses: ClosedRange<Double> = 0...360
  /// Metres.
  static let accuracies: ClosedRange<Double> = 0...20_000_000

  /// `value` when `range` holds it (NaN is in no range), else `nil`.
  private static func keep(in range: ClosedRange<Double>) -> (Double) -> Double? {
    { range.contains($0) ? $0 : nil }
  }
}
