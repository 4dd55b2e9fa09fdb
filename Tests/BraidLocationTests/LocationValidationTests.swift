import BraidLocation
import BraidLocationLive
import Foundation
import Testing

/// One rule for impossible values, whichever source they come from.
struct LocationValidationTests {
  static func gpsd(_ members: String) -> Location? {
    var decoder = GPSDLineDecoder()
    return decoder.add(line: #"{"class":"TPV","mode":3,"time":"2014-05-26T08:14:11.000Z",\#(members)}"#)
  }

  static func nmea(_ bodies: String...) throws -> Location? {
    var assembler = NMEAFixAssembler()
    for body in bodies { _ = assembler.add(try NMEASentence.parse(NMEANumberTests.sentence(body)).get()) }
    return assembler.finish()
  }

  @Test func aPositionOutOfRangeOrNotANumberRejectsTheFix() {
    #expect(Location(latitude: 90, longitude: -180).validated() != nil)
    for (latitude, longitude) in [(91.5, 0), (0, 200), (-90.01, 0), (0, -180.5), (.nan, 0), (0, .infinity)] {
      #expect(Location(latitude: latitude, longitude: longitude).validated() == nil, "\(latitude), \(longitude)")
    }
  }

  @Test func otherValuesOutOfRangeAreDroppedFromTheFix() throws {
    let fix = Location(
      latitude: 1, longitude: 2, altitude: 1e308, horizontalAccuracy: -1, verticalAccuracy: .nan, speed: -5,
      course: -720.5)
    let checked = try #require(fix.validated())
    #expect(checked == Location(latitude: 1, longitude: 2))
    let good = Location(
      latitude: 1, longitude: 2, altitude: -30, horizontalAccuracy: 3, verticalAccuracy: 4, speed: 0, course: 360)
    #expect(good.validated() == good)
  }

  @Test func gpsdReportsOutOfRangeOrOfTheWrongTypeGiveNoFix() {
    #expect(Self.gpsd(#""lat":55.5,"lon":37.6"#)?.latitude == 55.5)
    #expect(Self.gpsd(#""lat":91.5,"lon":200"#) == nil)
    #expect(Self.gpsd(#""lat":1e308,"lon":37.6"#) == nil)
    #expect(Self.gpsd(#""lat":true,"lon":37.6"#) == nil)
    #expect(Self.gpsd(#""lat":"55.5","lon":37.6"#) == nil)
    var decoder = GPSDLineDecoder()
    #expect(
      decoder.add(line: #"{"class":"TPV","mode":1e308,"time":"2014-05-26T08:14:11.000Z","lat":1,"lon":2}"#) == nil)
    #expect(decoder.linesSkipped == 1)
  }

  @Test func impossibleSpeedsAndCoursesAreDroppedAlikeFromGpsdAndNMEA() throws {
    // gpsd in metres per second, NMEA in knots: both negative, both courses impossible.
    let gpsd = try #require(Self.gpsd(#""lat":55.5,"lon":37.6,"speed":-5,"track":-720.5,"altMSL":true"#))
    #expect(gpsd.speed == nil)
    #expect(gpsd.course == nil)
    #expect(gpsd.altitude == nil)
    let nmea = try #require(try Self.nmea("GPRMC,081411.000,A,5541.1955,N,03737.2872,E,-5.0,-720.5,260514,,,A"))
    #expect(nmea.speed == nil)
    #expect(nmea.course == nil)
    #expect(nmea.timestamp != nil)
    let valid = try #require(try Self.nmea("GPRMC,081411.000,A,5541.1955,N,03737.2872,E,5.0,359.9,260514,,,A"))
    #expect(valid.course == 359.9)
  }

  @Test func aDateThatDoesNotExistIsDroppedNotRolledOver() throws {
    func date(_ text: String) throws -> (day: Int, month: Int, year: Int)? {
      let line = NMEANumberTests.sentence("GPRMC,081411.000,A,5541.1955,N,03737.2872,E,0.1,10.0,\(text),,,A")
      guard case .rmc(let rmc) = try NMEASentence.parse(line).get() else { return nil }
      return rmc.date
    }
    #expect(try date("310299") == nil)
    #expect(try date("300299") == nil)
    #expect(try date("290297") == nil)
    #expect(try date("290296")?.day == 29)
    #expect(try date("310399")?.month == 3)
    #expect(try date("310499") == nil)
    // A fix whose RMC date is impossible has no timestamp rather than 3 March.
    #expect(try Self.nmea("GPRMC,081411.000,A,5541.1955,N,03737.2872,E,0.1,10.0,310299,,,A")?.timestamp == nil)
    let gpsd = Self.gpsd(#""lat":55.5,"lon":37.6"#)
    #expect(gpsd?.timestamp != nil)
    var decoder = GPSDLineDecoder()
    let rolled = decoder.add(line: #"{"class":"TPV","mode":3,"time":"1999-02-31T08:14:11.000Z","lat":1,"lon":2}"#)
    #expect(rolled != nil)
    #expect(rolled?.timestamp == nil)
  }
}
