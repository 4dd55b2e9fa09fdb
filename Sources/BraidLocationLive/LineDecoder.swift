import BraidLocation

/// Lines of one protocol in, fixes out.
package protocol LineDecoder: Sendable {
  /// Adds one line; returns a fix it completed, if any.
  mutating func add(line: some StringProtocol) -> Location?
  /// The fix still open at the end of the input, if any.
  mutating func finish() -> Location?
  /// Lines added so far.
  var linesRead: Int { get }
  /// Lines that gave nothing (see `LocationSourceStatus.linesSkipped`).
  var linesSkipped: Int { get }
}
