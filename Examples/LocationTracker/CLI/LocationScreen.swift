import BraidLocation
import Foundation
import LocationTrackerFeature

/// The tracker as text: one line per fix, a gpsd-style JSON object per fix, or a whole screen.
package enum LocationScreen {
  /// `2020-03-18T13:28:19.600Z  41.574965910 N  93.750571901 W  278.2 m  0.08 m/s  124.9°  differential`
  static func line(_ fix: Location) -> String {
    var parts = [
      fix.timestamp.map(iso8601) ?? "--",
      String(format: "%.9f %@", abs(fix.latitude), fix.latitude >= 0 ? "N" : "S"),
      String(format: "%.9f %@", abs(fix.longitude), fix.longitude >= 0 ? "E" : "W"),
    ]
    parts.append(fix.altitude.map { String(format: "%.1f m", $0) } ?? "- m")
    parts.append(fix.speed.map { String(format: "%.2f m/s", $0) } ?? "- m/s")
    parts.append(fix.course.map { String(format: "%.1f°", $0) } ?? "-°")
    parts.append(quality(fix.quality))
    return parts.joined(separator: "  ")
  }

  /// A gpsd-style TPV object: `time`, `lat`, `lon` (9 decimals), `alt`, `speed` (m/s),
  /// `track`, and Braid's `quality`.
  static func json(_ fix: Location) -> String {
    var fields = [#""class":"TPV""#]
    if let timestamp = fix.timestamp { fields.append(#""time":"\#(iso8601(timestamp))""#) }
    fields.append(String(format: #""lat":%.9f"#, fix.latitude))
    fields.append(String(format: #""lon":%.9f"#, fix.longitude))
    if let altitude = fix.altitude { fields.append(String(format: #""alt":%.3f"#, altitude)) }
    if let speed = fix.speed { fields.append(String(format: #""speed":%.3f"#, speed)) }
    if let course = fix.course { fields.append(String(format: #""track":%.4f"#, course)) }
    fields.append(#""quality":"\#(quality(fix.quality))""#)
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// The full screen: position, motion, quality, distance, counts, whether the source may be
  /// read, its state, keys.
  ///
  /// - Parameters:
  ///   - state: The tracker.
  ///   - source: What the fixes are read from.
  ///   - isLooping: Whether the source is a log replayed over and over, which the title says so
  ///     that a fix seen again is not taken for a new one.
  ///   - keys: The last line: the keys the screen takes (the app shows its own).
  package static func screen(
    _ state: LocationTracker.State, source: String, isLooping: Bool = false,
    keys: String = "  s + Enter: start/stop tracking   r + Enter: one fix   q + Enter: quit"
  ) -> String {
    var lines = ["Braid location — \(source)\(isLooping ? ", looping" : "")", ""]
    if let fix = state.current {
      lines.append("  Position   " + String(format: "%.9f, %.9f", fix.latitude, fix.longitude))
      lines.append("  Altitude   " + (fix.altitude.map { String(format: "%.1f m", $0) } ?? "-"))
      lines.append("  Speed      " + (fix.speed.map { String(format: "%.2f m/s", $0) } ?? "-"))
      lines.append("  Course     " + (fix.course.map { String(format: "%.1f°", $0) } ?? "-"))
      lines.append("  Quality    " + quality(fix.quality))
      lines.append("  Time       " + (fix.timestamp.map(iso8601) ?? "-"))
    } else {
      lines.append("  No fix yet.")
    }
    lines.append("")
    lines.append(String(format: "  Distance   %.1f m over %d fix(es)", state.distance, state.fixCount))
    lines.append(
      "  Tracking   " + (state.isTracking ? "on" : "off") + "    Authorization: \(authorization(state.authorization))")
    lines.append(
      "  Receiver   \(state.source.isOpen ? "open" : "closed"), \(state.source.linesRead) line(s) read, "
        + "\(state.source.linesSkipped) skipped")
    if let error = state.error { lines.append("  Error      \(error)") }
    lines.append("")
    lines.append(keys)
    return lines.joined(separator: "\n")
  }

  static func quality(_ quality: Location.FixQuality) -> String {
    switch quality {
    case .estimated: "estimated"
    case .gps: "gps"
    case .differential: "differential"
    case .rtkFloat: "rtk-float"
    case .rtkFixed: "rtk-fixed"
    }
  }

  static func authorization(_ status: LocationManager.AuthorizationStatus) -> String {
    switch status {
    case .notDetermined: "not determined"
    case .authorizedWhenInUse: "readable"
    case .denied: "permission denied"
    case .unavailable: "unavailable"
    }
  }

  static func iso8601(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }
}
