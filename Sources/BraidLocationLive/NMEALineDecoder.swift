import BraidLocation

/// Lines of NMEA text in, fixes out: ``NMEASentence`` parsing then ``NMEAFixAssembler``, with
/// the skipped lines counted by reason. The one pipeline every NMEA source feeds.
struct NMEALineDecoder: Sendable {
  private var assembler = NMEAFixAssembler()
  /// The lines skipped so far, by reason.
  private(set) var skips: [NMEASentence.Skip: Int] = [:]

  /// Adds one line; returns the fix of the epoch it closed, if any.
  mutating func add(line: some StringProtocol) -> Location? {
    switch NMEASentence.parse(line) {
    case .success(let sentence): return assembler.add(sentence)
    case .failure(let skip):
      skips[skip.reason, default: 0] += 1
      return nil
    }
  }

  /// Closes the last epoch at the end of the input.
  mutating func finish() -> Location? {
    assembler.finish()
  }
}
