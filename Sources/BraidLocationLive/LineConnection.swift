import Braid
import BraidLocation
import BraidPOSIX

/// An open descriptor (a TCP socket or a serial device) read line by line on a thread of its own,
/// for NMEA and gpsd streams: a `DescriptorReader` woken by its pipe (a `shutdown` would wake
/// only a socket, not a silent serial device) and a `LineFramer` that ends a line at CR or LF.
///
/// The descriptor is closed exactly once, by the reading thread, never while a ``send(_:)`` is
/// writing to it, and never written to after (its number may belong to another file by then).
package final class LineConnection: Sendable {
  /// Lines longer than this are skipped: a stream that never sends a line break cannot grow
  /// memory without bound.
  static let maximumLineLength = 4096

  private let reader: DescriptorReader

  /// How many connections have a descriptor not yet closed, for leak checks in tests.
  package static var openDescriptorCount: Int { openDescriptors.value }
  /// The same count, to wait on in tests.
  package static let openDescriptors = ResourceCount()

  /// Takes ownership of `descriptor`.
  ///
  /// - Throws: ``LocationError/sourceUnavailable(_:)`` when no wake-up pipe can be made (the
  ///   process is out of descriptors); `descriptor` is closed then.
  init(descriptor: Int32, name: String) throws(LocationError) {
    do {
      reader = try DescriptorReader(
        descriptor: descriptor, ownsDescriptor: true, counter: Self.openDescriptors)
    } catch {
      throw .sourceUnavailable("\(name): \(error)")
    }
  }

  /// The lines the peer sends, without their line endings and with empty lines dropped, until
  /// it closes the connection, the device goes away or ``stop()`` is called. Call it once: it
  /// starts the reading thread.
  func lines() -> AsyncStream<String> {
    let (lines, continuation) = AsyncStream.makeStream(of: String.self)
    let framer = FramerBox(
      LineFramer(maximumLength: Self.maximumLineLength, terminator: .crOrLF, invalidUTF8: .repair))
    reader.start { bytes in
      framer.framer.append(bytes) { if case .text(let line) = $0 { continuation.yield(line) } }
      return true
    } end: { _ in
      if case .text(let line)? = framer.framer.finish() { continuation.yield(line) }
      continuation.finish()
    }
    return lines
  }

  /// Sends `text` to the peer; does nothing once the connection is stopped or closed.
  func send(_ text: String) {
    _ = reader.withOpenDescriptor { TCPConnection.sendAll(text.utf8, to: $0) }
  }

  /// Ends the connection: the reading thread wakes, closes the descriptor and finishes the
  /// lines. Safe to call more than once.
  func stop() {
    reader.stop()
  }
}
