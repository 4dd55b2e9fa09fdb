import BraidLocation
import Foundation

/// gpsd's JSON protocol, one line at a time: `TPV` reports with a fix become ``Location``s.
///
/// gpsd sends several `TPV` reports per epoch as sentences arrive, some before it knows the
/// time. A fix is delivered for each report with `mode` 2 or 3, a position and a `time`; a
/// second report for a time already delivered is skipped. Other classes (`VERSION`, `DEVICES`,
/// `WATCH`, `SKY`…) and lines that are not JSON are skipped and counted.
struct GPSDLineDecoder: LineDecoder {
  private var lastTime: String?
  private(set) var linesRead = 0
  private(set) var linesSkipped = 0

  /// The command that asks gpsd for JSON reports.
  static let watchCommand = #"?WATCH={"enable":true,"json":true}"# + "\n"

  mutating func add(line: some StringProtocol) -> Location? {
    linesRead += 1
    guard let fix = decode(line) else {
      linesSkipped += 1
      return nil
    }
    return fix
  }

  private mutating func decode(_ line: some StringProtocol) -> Location? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      object["class"] as? String == "TPV", let mode = object["mode"] as? Int, mode >= 2,
      let latitude = object["lat"] as? Double, let longitude = object["lon"] as? Double,
      let time = object["time"] as? String, time != lastTime
    else { return nil }
    lastTime = time
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return Location(
      latitude: latitude,
      longitude: longitude,
      altitude: object["altMSL"] as? Double ?? object["alt"] as? Double,
      horizontalAccuracy: object["eph"] as? Double,
      verticalAccuracy: object["epv"] as? Double,
      speed: object["speed"] as? Double,
      course: object["track"] as? Double,
      timestamp: formatter.date(from: time),
      quality: Self.quality(status: object["status"] as? Int)
    )
  }

  mutating func finish() -> Location? { nil }

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
}
