import BraidLocation

/// Lines of NMEA text in, fixes out: ``NMEASentence`` parsing then ``NMEAFixAssembler``; lines
/// that are not a usable sentence are skipped and counted. The one pipeline every NMEA source feeds.
struct NMEALineDecoder: LineDecoder {
  private var assembler = NMEAFixAssembler()
  private(set) var linesRead = 0
  private(set) var linesSkipped = 0

  /// Adds one line; returns the fix of the epoch it closed, if any.
  mutating func add(line: some StringProtocol) -> Location? {
    linesRead += 1
    guard case .success(let sentence) = NMEASentence.parse(line) else {
      linesSkipped += 1
      return nil
    }
    return assembler.add(sentence)
  }

  /// Closes the last epoch at the end of the input.
  mutating func finish() -> Location? {
    assembler.finish()
  }
}
