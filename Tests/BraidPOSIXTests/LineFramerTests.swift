import BraidPOSIX
import Testing

/// The one line framer, in each of the ways its users frame lines.
struct LineFramerTests {
  func lines(_ text: [UInt8], _ framer: LineFramer) -> [LineFramer.Line] {
    var framer = framer
    var lines = framer.lines(text)
    if let last = framer.finish() { lines.append(last) }
    return lines
  }

  @Test func lfEndsALineDropsOneCRBeforeItAndKeepsEmptyLines() {
    let framer = LineFramer(maximumLength: 10, terminator: .lf, invalidUTF8: .reject)
    #expect(
      lines(Array("a\r\n\nb\rc\nlast".utf8), framer) == [.text("a"), .text(""), .text("b\rc"), .text("last")])
  }

  @Test func crOrLFEachEndALineAndEmptyLinesAreDropped() {
    let framer = LineFramer(maximumLength: 10, terminator: .crOrLF, invalidUTF8: .repair)
    #expect(lines(Array("a\r\nb\r\r\nc\n\nd".utf8), framer) == [.text("a"), .text("b"), .text("c"), .text("d")])
  }

  @Test func aLineOverTheLimitIsReportedOnceAndSkippedToItsEnd() {
    let framer = LineFramer(maximumLength: 4, terminator: .lf, invalidUTF8: .reject)
    #expect(
      lines(Array("abcd\nabcde\nok\nabcd\r\n".utf8), framer) == [.text("abcd"), .tooLong, .text("ok"), .text("abcd")])
    // A line that never ends is reported as soon as it passes the limit, not kept.
    var endless = framer
    #expect(endless.lines(Array(repeating: UInt8(ascii: "x"), count: 100)) == [.tooLong])
    #expect(endless.finish() == nil)
    let nmea = LineFramer(maximumLength: 4, terminator: .crOrLF, invalidUTF8: .repair)
    #expect(lines(Array("abcde\rok".utf8), nmea) == [.tooLong, .text("ok")])
  }

  @Test func bytesThatAreNotUTF8AreRejectedOrRepaired() {
    let bytes: [UInt8] = [0x61, 0xFF, 0xFE, 0x0A]
    #expect(lines(bytes, LineFramer(maximumLength: 10, terminator: .lf, invalidUTF8: .reject)) == [.invalidUTF8])
    #expect(
      lines(bytes, LineFramer(maximumLength: 10, terminator: .lf, invalidUTF8: .repair)) == [.text("a\u{FFFD}\u{FFFD}")]
    )
  }
}
