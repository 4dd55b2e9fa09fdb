/// Bytes in, lines out, with limits: the one line framer of the live clients, `serve` and the
/// command lines' standard input. A line longer than the limit is reported once and skipped up
/// to its end, so a peer that never ends a line cannot grow memory without bound.
package struct LineFramer: Sendable {
  /// What one line of input came to.
  package enum Line: Sendable, Equatable {
    /// A line of text, without its terminator.
    case text(String)
    /// A line longer than the limit, skipped up to its end.
    case tooLong
    /// A line that is not UTF-8, skipped (only with ``InvalidUTF8/reject``).
    case invalidUTF8
  }

  /// What ends a line.
  package enum Terminator: Sendable {
    /// LF ends a line, and one CR before it is dropped; empty lines are lines.
    case lf
    /// CR and LF each end a line, and empty lines are dropped, so CR LF, CR CR LF and a bare LF
    /// all end one line (NMEA streams, whatever their sender's line ends).
    case crOrLF
  }

  /// What becomes of bytes that are not UTF-8.
  package enum InvalidUTF8: Sendable {
    /// Each is replaced with U+FFFD, and the line delivered.
    case repair
    /// The line is reported as ``Line/invalidUTF8`` instead.
    case reject
  }

  private let maximumLength: Int
  private let terminator: Terminator
  private let invalidUTF8: InvalidUTF8
  private var pending: [UInt8] = []
  /// Whether the bytes up to the next line end belong to a line already reported too long.
  private var skipping = false

  /// A framer.
  ///
  /// - Parameters:
  ///   - maximumLength: The longest line, in bytes, without its terminator.
  ///   - terminator: What ends a line.
  ///   - invalidUTF8: What becomes of bytes that are not UTF-8.
  package init(maximumLength: Int, terminator: Terminator, invalidUTF8: InvalidUTF8) {
    self.maximumLength = max(0, maximumLength)
    self.terminator = terminator
    self.invalidUTF8 = invalidUTF8
  }

  /// Adds `bytes`, calling `line` with each line they complete or report.
  package mutating func append(_ bytes: some Sequence<UInt8>, _ line: (Line) -> Void) {
    for byte in bytes {
      if byte == UInt8(ascii: "\n") || (terminator == .crOrLF && byte == UInt8(ascii: "\r")) {
        if !skipping, let complete = decode() { line(complete) }
        pending.removeAll(keepingCapacity: true)
        skipping = false
      } else if !skipping {
        pending.append(byte)
        if isTooLong {
          line(.tooLong)
          pending.removeAll(keepingCapacity: true)
          skipping = true
        }
      }
    }
  }

  /// The lines `bytes` completes or reports.
  package mutating func lines(_ bytes: some Sequence<UInt8>) -> [Line] {
    var lines: [Line] = []
    append(bytes) { lines.append($0) }
    return lines
  }

  /// Ends the input: the last line, when it had no line end.
  package mutating func finish() -> Line? {
    defer {
      pending.removeAll()
      skipping = false
    }
    guard !skipping, !pending.isEmpty else { return nil }
    return decode()
  }

  /// Whether the pending bytes are past the limit. With ``Terminator/lf`` a CR in the last
  /// place does not count yet: it is dropped if an LF follows.
  private var isTooLong: Bool {
    switch terminator {
    case .crOrLF: pending.count > maximumLength
    case .lf:
      pending.count > maximumLength + 1
        || (pending.count == maximumLength + 1 && pending.last != UInt8(ascii: "\r"))
    }
  }

  /// The pending bytes as a line; `nil` for an empty one that is dropped.
  private func decode() -> Line? {
    var bytes = pending[...]
    if terminator == .lf, bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
    if bytes.isEmpty, terminator == .crOrLF { return nil }
    switch invalidUTF8 {
    case .repair: return .text(String(decoding: bytes, as: UTF8.self))
    case .reject: return String(validating: bytes, as: UTF8.self).map(Line.text) ?? .invalidUTF8
    }
  }
}
