import BraidLocation

/// Lines of NMEA text in, fixes out: ``NMEASentence`` parsing then ``NMEAFixAssembler``; lines
/// that are not a usable sentence are skipped. The one pipeline every NMEA source feeds.
struct NMEALineDecoder: LineDecoder {
  private var assembler = NMEAFixAssembler()

  /// Adds one line; returns the fix of the epoch it closed, if any.
  mutating func add(line: some StringProtocol) -> Location? {
    guard case .success(let sentence) = NMEASentence.parse(line) else { return nil }
    return assembler.add(sentence)
  }

  /// Closes the last epoch at the end of the input.
  mutating func finish() -> Location? {
    assembler.finish()
  }
}
