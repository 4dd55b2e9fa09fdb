#if canImport(Glibc)
  import Glibc
#endif

/// The lines of standard input, read on a thread of its own until the input ends or
/// ``stop()`` is called: a command line's interactive input.
///
/// By default a line ends at LF (a CR before it is dropped) and bytes that are not UTF-8 are
/// repaired with U+FFFD; a line longer than the limit is reported as
/// ``LineFramer/Line/tooLong``, for the command to say so, and skipped.
package final class StandardInputLines: Sendable {
  /// The lines, in order; finishes when the input ends or the reader is stopped.
  package let lines: AsyncStream<LineFramer.Line>
  private let reader: DescriptorReader

  /// Starts reading standard input.
  ///
  /// - Parameters:
  ///   - maximumLength: The longest line, in bytes.
  ///   - terminator: What ends a line.
  ///   - invalidUTF8: What becomes of a line that is not UTF-8.
  /// - Throws: ``SystemError`` when the reader's wake-up pipe cannot be made.
  package init(
    maximumLength: Int = 65_536, terminator: LineFramer.Terminator = .lf,
    invalidUTF8: LineFramer.InvalidUTF8 = .repair
  ) throws(SystemError) {
    let (lines, continuation) = AsyncStream.makeStream(of: LineFramer.Line.self)
    self.lines = lines
    let reader = try DescriptorReader(descriptor: STDIN_FILENO, ownsDescriptor: false)
    self.reader = reader
    // A reader whose lines nobody reads any more stops.
    continuation.onTermination = { _ in reader.stop() }
    let framer = FramerBox(LineFramer(maximumLength: maximumLength, terminator: terminator, invalidUTF8: invalidUTF8))
    reader.start { bytes in
      framer.framer.append(bytes) { continuation.yield($0) }
      return true
    } end: { _ in
      if let last = framer.framer.finish() { continuation.yield(last) }
      continuation.finish()
    }
  }

  /// Stops reading: the lines finish. Standard input itself stays open.
  package func stop() {
    reader.stop()
  }
}
