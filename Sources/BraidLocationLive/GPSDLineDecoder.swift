import BraidLocation
import Foundation

/// gpsd's JSON protocol, one line at a time: `TPV` reports with a fix become ``Location``s.
///
/// gpsd sends several `TPV` reports per epoch as sentences arrive, some before it knows the
/// time. A fix is delivered for each report with `mode` 2 or 3, a position and a `time`; a
/// second report for a time already delivered is skipped. Other classes (`VERSION`, `DEVICES`,
/// `WATCH`, `SKY`…) and lines that are not JSON are skipped and counted.
///
/// Values must have their JSON type: `"lat":true` is no latitude (a loose reading would take it
/// for 1). Every fix then passes `Location.validated()`, the rule NMEA fixes pass: a report
/// whose position is out of range is skipped, and a value out of range or of the wrong type is
/// dropped from the fix. A `time` whose date does not exist (31 February) gives no timestamp.
package struct GPSDLineDecoder: LineDecoder {
  private var lastTime: String?
  package private(set) var linesRead = 0
  package private(set) var linesSkipped = 0

  /// The command that asks gpsd for JSON reports.
  static let watchCommand = #"?WATCH={"enable":true,"json":true}"# + "\n"

  /// A decoder that has read nothing.
  package init() {}

  package mutating func add(line: some StringProtocol) -> Location? {
    linesRead += 1
    guard let fix = decode(line) else {
      linesSkipped += 1
      return nil
    }
    return fix
  }

  private mutating func decode(_ line: some StringProtocol) -> Location? {
    // Only a line naming "TPV" can be a position report: the rest (SKY reports with their
    // satellite arrays, several per epoch) are skipped without decoding their JSON.
    guard line.contains(#""TPV""#),
      let report = try? JSONDecoder().decode(Report.self, from: Data(line.utf8)),
      report.class == "TPV", let mode = report.mode, mode >= 2,
      let latitude = report.lat, let longitude = report.lon, let time = report.time, time != lastTime,
      let fix = Location(
        latitude: latitude,
        longitude: longitude,
        altitude: report.altMSL ?? report.alt,
        horizontalAccuracy: report.eph,
        verticalAccuracy: report.epv,
        speed: report.speed,
        course: report.track,
        timestamp: Self.date(time),
        quality: Self.quality(status: report.status)
      ).validated()
    else { return nil }
    lastTime = time
    return fix
  }

  package mutating func finish() -> Location? { nil }

  private static func date(_ time: String) -> Date? {
    guard CalendarDay.isValid(iso8601: time) else { return nil }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: time)
  }

  /// gpsd's `status`: 2 DGPS, 3 RTK fixed, 4 RTK float, 5 and 6 dead reckoning.
  private static func quality(status: Int?) -> Location.FixQuality {
    switch status {
    case 2: .differential
    case 3: .rtkFixed
    case 4: .rtkFloat
    case 5, 6: .estimated
    default: .gps
    }
  }

  /// The members of a report Braid reads; each is `nil` when absent or not of its JSON type.
  private struct Report: Decodable {
    var `class`: String?
    var mode: Int?
    var time: String?
    var lat: Double?
    var lon: Double?
    var alt: Double?
    var altMSL: Double?
    var eph: Double?
    var epv: Double?
    var speed: Double?
    var track: Double?
    var status: Int?

    private enum CodingKeys: String, CodingKey {
      case `class`, mode, time, lat, lon, alt, altMSL, eph, epv, speed, track, status
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      func value<T: Decodable>(_ key: CodingKeys) -> T? { try? container.decodeIfPresent(T.self, forKey: key) }
      self.class = value(.class)
      mode = value(.mode)
      time = value(.time)
      lat = value(.lat)
      lon = value(.lon)
      alt = value(.alt)
      altMSL = value(.altMSL)
      eph = value(.eph)
      epv = value(.epv)
      speed = value(.speed)
      track = value(.track)
      status = value(.status)
    }
  }
}
