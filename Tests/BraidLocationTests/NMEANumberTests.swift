import Braid
import BraidLocation
import BraidLocationLive
import Foundation
import Testing

/// The reader parses numbers and dates by hand for speed; these pin it to what Foundation gives.
struct NMEANumberTests {
  /// `body` framed as a sentence with its checksum.
  static func sentence(_ body: String) -> String {
    "$\(body)*\(String(format: "%02X", body.utf8.reduce(UInt8(0), ^)))"
  }

  @Test func coordinatesAndSpeedsEqualFoundationsParsing() throws {
    var generator = SeededRandomNumberGenerator(seed: 2026)
    for _ in 0..<2_000 {
      let degrees = Int.random(in: 0..<90, using: &generator)
      let minutes = Double.random(in: 0..<59, using: &generator)
      let decimals = Int.random(in: 0...10, using: &generator)
      let latitudeText = String(format: "%02d%0\(decimals == 0 ? 2 : decimals + 3).\(decimals)f", degrees, minutes)
      let knots = String(
        format: "%.\(Int.random(in: 0...4, using: &generator))f", Double.random(in: 0..<300, using: &generator))
      let line = Self.sentence("GPRMC,081411.000,A,\(latitudeText),S,03737.2872,E,\(knots),301.29,260514,,,A")
      guard case .success(.rmc(let rmc)) = NMEASentence.parse(line) else {
        Issue.record("not an RMC: \(line)")
        return
      }
      let value = try #require(Double(latitudeText))
      let expected = -((value / 100).rounded(.down) + (value - (value / 100).rounded(.down) * 100) / 60)
      #expect(rmc.latitude == expected, "\(latitudeText)")
      #expect(rmc.speedKnots == Double(knots), "\(knots)")
    }
  }

  @Test func hostileNumbersAreMalformedOrAbsentNeverACrash() throws {
    // Satellites of 1e300 or nan once reached Int(Double) and trapped.
    for satellites in ["1e300", "nan", "inf", "99999999999999999999999", "-", "1.2.3", "0x10"] {
      let line = Self.sentence("GPGGA,132820.60,4134.4982,N,09345.0335,W,2,\(satellites),1.0,278.0,M,,M,,")
      guard case .gga(let gga) = try NMEASentence.parse(line).get() else {
        Issue.record("not a GGA: \(line)")
        return
      }
      #expect(gga.satellites == nil, "\(satellites)")
    }
    #expect(
      NMEASentenceTests.skip(Self.sentence("GPGGA,132820.60,nan,N,09345.0335,W,2,09,1.0,278.0,M,,M,,")) == .malformed)
    #expect(NMEASentenceTests.skip(Self.sentence("GPGGA,25xx20.60,4134.4982,N,09345.0335,W,2,09,1.0,,M,,M,,")) == nil)
  }

  @Test func datesEqualTheGregorianCalendar() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(secondsFromGMT: 0))
    // Every day of the two-digit-year window RMC dates map to (1969–2068), including 29 Februaries.
    var day = try #require(calendar.date(from: DateComponents(year: 1969, month: 1, day: 1)))
    let end = try #require(calendar.date(from: DateComponents(year: 2069, month: 1, day: 1)))
    var checked = 0
    while day < end {
      let parts = calendar.dateComponents([.year, .month, .day], from: day)
      let (year, month, dayOfMonth) = (parts.year! % 100, parts.month!, parts.day!)
      let text = String(format: "%02d%02d%02d", dayOfMonth, month, year)
      var assembler = NMEAFixAssembler()
      _ = assembler.add(
        try NMEASentence.parse(Self.sentence("GPRMC,000001.500,A,4134.4982,N,09345.0335,W,0.1,0.0,\(text),,,A")).get())
      let finished = assembler.finish()
      let fix = try #require(finished)
      #expect(fix.timestamp == day.addingTimeInterval(1.5), "\(text)")
      day = day.addingTimeInterval(86_400)
      checked += 1
    }
    #expect(checked == 36_525)
  }
}
