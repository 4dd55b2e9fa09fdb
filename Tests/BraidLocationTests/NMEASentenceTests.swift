import BraidLocation
import BraidLocationLive
import Foundation
import Testing

struct NMEASentenceTests {
  static func skip(_ line: String) -> NMEASentence.Skip? {
    if case .failure(let error) = NMEASentence.parse(line) { return error.reason }
    return nil
  }

  @Test func aGGADecodesEveryField() throws {
    let sentence = try NMEASentence.parse(
      "$GPGGA,132820.60,4134.49821229,N,09345.03351845,W,2,09,1.0,278.020,M,-31.442,M,7.6,0133*7E\r\n"
    ).get()
    guard case .gga(let gga) = sentence else {
      Issue.record("not a GGA: \(sentence)")
      return
    }
    let seconds: Double = 13 * 3600 + 28 * 60 + 20.6
    #expect(gga.time == seconds)
    let latitude: Double = 41 + 34.49821229 / 60
    let longitude: Double = -(93 + 45.03351845 / 60)
    #expect(abs((gga.latitude ?? 0) - latitude) < 1e-12)
    #expect(abs((gga.longitude ?? 0) - longitude) < 1e-12)
    #expect(gga.quality == 2)
    #expect(gga.satellites == 9)
    #expect(gga.hdop == 1.0)
    #expect(gga.altitude == 278.020)
  }

  @Test func checksumsAreCheckedWithoutRegardToCase() {
    #expect(Self.skip("$GPGLL,3348.452,N,11821.142,W,142214,A*3B") == nil)
    #expect(Self.skip("$GPGLL,3348.452,N,11821.142,W,142214,A*3b") == nil)
    #expect(Self.skip("$GPGLL,3348.452,N,11821.142,W,142214,A*3C") == .badChecksum)
    #expect(Self.skip("$GPGLL,3348.452,N,11821.142,W,142214,A") == .missingChecksum)
    #expect(Self.skip("$GPGLL,3348.452,N,11821.142,W,142214,A*3") == .missingChecksum)
  }

  @Test func badInputIsACountedSkipNeverACrash() {
    #expect(Self.skip("") == .notASentence)
    #expect(Self.skip("# a comment") == .notASentence)
    #expect(Self.skip("\u{A0}\u{A2}\u{0}\u{3}binary\u{B0}\u{B3}") == .notASentence)
    #expect(Self.skip("$" + String(repeating: "A", count: 200) + "*00") == .tooLong)
    #expect(Self.skip("$PGRMZ,125,f,3*1D") == .proprietary)
    #expect(Self.skip("$GPGSV,3,1,11,03,03,111,00,04,15,270,00,06,01,010,00,13,06,292,00*74") == .unsupported)
    // A truncated GGA with a valid checksum over what is there.
    let truncated = "GPGGA,132820.60,4134.4982"
    let checksum = truncated.utf8.reduce(UInt8(0), ^)
    #expect(Self.skip("$\(truncated)*\(String(format: "%02X", checksum))") == .malformed)
    // Half a position (latitude without longitude) is malformed too.
    let half = "GPGLL,3348.452,N,,,142214,A"
    let halfChecksum = half.utf8.reduce(UInt8(0), ^)
    #expect(Self.skip("$\(half)*\(String(format: "%02X", halfChecksum))") == .malformed)
  }

  @Test func anEpochMergesItsSentencesIntoOneFix() throws {
    var assembler = NMEAFixAssembler()
    let lines = [
      "$GPGGA,132820.60,4134.49821229,N,09345.03351845,W,2,09,1.0,278.020,M,-31.442,M,7.6,0133*7E",
      "$GPRMC,132820.60,A,4134.49821229,N,09345.03351845,W,3.252,92.308,180320,11.5985,E,D*1A",
      "$GPGGA,132820.70,4134.49822493,N,09345.03347183,W,2,09,1.0,277.995,M,-31.442,M,7.6,0133*77",
    ]
    var fixes: [Location] = []
    for line in lines {
      if let fix = assembler.add(try NMEASentence.parse(line).get()) { fixes.append(fix) }
    }
    #expect(fixes.count == 1)
    let fix = try #require(fixes.first)
    #expect(fix.altitude == 278.020)
    let speed: Double = 3.252 * 1852 / 3600
    #expect(abs((fix.speed ?? 0) - speed) < 1e-12)
    #expect(fix.course == 92.308)
    #expect(fix.quality == .differential)
    #expect(fix.horizontalAccuracy == 19)
    let expected = ISO8601DateFormatter().date(from: "2020-03-18T13:28:20Z")?.addingTimeInterval(0.6)
    #expect(fix.timestamp == expected)
    // The last epoch is delivered at the end of input.
    let finished = assembler.finish()
    let last = try #require(finished)
    #expect(last.altitude == 277.995)
    #expect(last.speed == nil)
  }

  @Test func aFixNeedsAValidStatus() throws {
    var assembler = NMEAFixAssembler()
    // GGA quality 0 and RMC status V: the receiver says it has no fix.
    let invalidGGA = "GPGGA,100000.00,4134.4982,N,09345.0335,W,0,03,9.9,278.0,M,,M,,"
    let invalidRMC = "GPRMC,100000.00,V,4134.4982,N,09345.0335,W,0.0,0.0,180320,,,N"
    for body in [invalidGGA, invalidRMC] {
      let checksum = body.utf8.reduce(UInt8(0), ^)
      _ = assembler.add(try NMEASentence.parse("$\(body)*\(String(format: "%02X", checksum))").get())
    }
    #expect(assembler.finish() == nil)
  }
}
