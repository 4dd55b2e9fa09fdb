import BraidLocation
import BraidLocationLive
import Foundation
import Testing

/// Braid's NMEA reader against gpsd's decodings of four real receiver logs (`Fixtures/`, from
/// the GPSD project's regression suite, BSD-2-Clause).
struct NMEAGoldenTests {
  struct Report: CustomStringConvertible {
    let latitude: Double
    let longitude: Double
    let speed: Double?
    let track: Double?
    var description: String { "TPV(lat: \(latitude), lon: \(longitude), speed: \(speed.map { "\($0)" } ?? "-"))" }
  }

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// Every fix Braid reads from a log, and how many lines it skipped, by reason.
  static func fixes(in log: String) throws -> (fixes: [Location], skips: [NMEASentence.Skip: Int]) {
    let text = try String(contentsOf: fixtures.appendingPathComponent(log), encoding: .utf8)
    var assembler = NMEAFixAssembler()
    var fixes: [Location] = []
    var skips: [NMEASentence.Skip: Int] = [:]
    for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) where !line.hasPrefix("#") {
      switch NMEASentence.parse(line) {
      case .success(let sentence): if let fix = assembler.add(sentence) { fixes.append(fix) }
      case .failure(let skip): skips[skip.reason, default: 0] += 1
      }
    }
    if let fix = assembler.finish() { fixes.append(fix) }
    return (fixes, skips)
  }

  /// gpsd's reports with a position (mode 2 or 3 and a latitude).
  static func reports(in log: String) throws -> [Report] {
    let text = try String(contentsOf: fixtures.appendingPathComponent(log + ".chk"), encoding: .utf8)
    return try text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix(#"{"class":"TPV""#) }.compactMap { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
      guard let mode = object["mode"] as? Int, mode >= 2, let latitude = object["lat"] as? Double,
        let longitude = object["lon"] as? Double
      else { return nil }
      return Report(
        latitude: latitude, longitude: longitude, speed: object["speed"] as? Double, track: object["track"] as? Double)
    }
  }

  /// The reports no Braid fix matches within 1e-6° of position, 0.01 m/s of speed and 0.1° of
  /// track.
  static func unmatched(_ reports: [Report], _ fixes: [Location]) -> [Report] {
    reports.filter { report in
      !fixes.contains { fix in
        abs(fix.latitude - report.latitude) <= 1e-6 && abs(fix.longitude - report.longitude) <= 1e-6
          && (report.speed == nil || fix.speed.map { abs($0 - report.speed!) <= 0.01 } == true)
          && (report.track == nil || fix.course.map { abs($0 - report.track!) <= 0.1 } == true)
      }
    }
  }

  @Test(arguments: ["nmea-rtk.log", "bu353-glonass.log", "garmin38.log", "nmea-fuzzy-cases.log"])
  func everyGpsdFixHasABraidFix(log: String) throws {
    let (fixes, _) = try Self.fixes(in: log)
    let reports = try Self.reports(in: log)
    #expect(!reports.isEmpty)
    let missing = Self.unmatched(reports, fixes)
    #expect(missing.isEmpty, "\(log): gpsd reported \(missing.count) fix(es) Braid did not: \(missing.prefix(5))")
  }
}

extension NMEAGoldenTests {
  /// Braid delivers one fix per epoch where gpsd sends several partial reports, so the counts
  /// differ; every Braid fix is still a position gpsd reported. The skipped lines are the
  /// sentence types Braid does not decode (GSV, ZDA; route sentences RMB, RTE, BOD) and
  /// Garmin's proprietary `$PGRM…` sentences: counted, never errors.
  @Test(arguments: [
    ("nmea-rtk.log", 122, [NMEASentence.Skip: Int]()),
    ("bu353-glonass.log", 9, [.unsupported: 37]),
    ("garmin38.log", 6, [.proprietary: 17, .unsupported: 25]),
    ("nmea-fuzzy-cases.log", 14, [:]),
  ])
  func everyBraidFixIsAPositionGpsdReported(log: String, fixCount: Int, skips expectedSkips: [NMEASentence.Skip: Int])
    throws
  {
    let (fixes, skips) = try Self.fixes(in: log)
    let reports = try Self.reports(in: log)
    let extra = fixes.filter { fix in
      !reports.contains { abs(fix.latitude - $0.latitude) <= 1e-6 && abs(fix.longitude - $0.longitude) <= 1e-6 }
    }
    #expect(fixes.count == fixCount)
    #expect(extra.isEmpty)
    #expect(skips == expectedSkips)
  }
}
