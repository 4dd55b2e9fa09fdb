import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a trace file line by line, in chunks, so that a trace of any size is read in bounded
/// memory; can go back to a line it has passed.
final class TraceReader {
  /// One line: its number (from 1), the offset of its first byte, and its bytes without the
  /// newline. `isComplete` is `false` for a last line with no newline (a recording cut off).
  struct Line {
    let number: Int
    let offset: Int64
    let bytes: [UInt8]
    let isComplete: Bool
  }

  private let descriptor: Int32
  private let path: String
  private var buffer: [UInt8] = []
  private var bufferStart = 0
  /// Where the search for the next newline resumes: every byte before it (from `bufferStart`)
  /// is known not to be one, so each byte is looked at once however long its line.
  private var scanned = 0
  /// The file offset of `buffer[bufferStart]`.
  private var offset: Int64 = 0
  private var nextNumber = 1
  private var atEnd = false

  init(path: String) throws(TraceError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
    self.descriptor = descriptor
    self.path = path
  }

  deinit {
    close(descriptor)
  }

  /// Moves back (or on) to the start of the line numbered `number` at `offset`.
  func seek(toLine number: Int, at offset: Int64) throws(TraceError) {
    guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else {
      throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
    }
    buffer.removeAll(keepingCapacity: true)
    bufferStart = 0
    scanned = 0
    self.offset = offset
    nextNumber = number
    atEnd = false
  }

  /// The next line, or `nil` at the end of the file.
  func nextLine() throws(TraceError) -> Line? {
    while true {
      if let newline = Self.newline(in: buffer, from: max(bufferStart, scanned)) {
        let line = Line(
          number: nextNumber, offset: offset, bytes: Array(buffer[bufferStart..<newline]), isComplete: true)
        offset += Int64(newline - bufferStart + 1)
        bufferStart = newline + 1
        scanned = bufferStart
        nextNumber += 1
        return line
      }
      scanned = buffer.count
      if atEnd {
        guard bufferStart < buffer.count else { return nil }
        let line = Line(number: nextNumber, offset: offset, bytes: Array(buffer[bufferStart...]), isComplete: false)
        offset += Int64(buffer.count - bufferStart)
        bufferStart = buffer.count
        nextNumber += 1
        return line
      }
      try fill()
    }
  }

  /// The index of the first newline in `bytes` at or after `start`.
  private static func newline(in bytes: [UInt8], from start: Int) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      guard start < buffer.count, let base = buffer.baseAddress,
        let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// The longest line read (``TraceFormat/maximumLineLength``).
  static let maximumLineLength = TraceFormat.maximumLineLength

  private func fill() throws(TraceError) {
    if buffer.count - bufferStart > Self.maximumLineLength {
      throw .invalidLine(line: nextNumber, reason: "longer than \(Self.maximumLineLength >> 20) MiB")
    }
    if bufferStart > 0 {
      buffer.removeSubrange(0..<bufferStart)
      scanned -= bufferStart
      bufferStart = 0
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
      }
      if count == 0 { atEnd = true } else { buffer += chunk[0..<count] }
      return
    }
  }
}

extension TraceLine {
  /// The event of a line; a line that is not one is an error naming what is wrong with it.
  init(_ line: TraceReader.Line) throws(TraceError) {
    do {
      self = try TraceJSON.decoder().decode(TraceLine.self, from: Data(line.bytes))
    } catch let problem as TraceLine.Problem {
      throw .invalidLine(line: line.number, reason: problem.reason)
    } catch {
      throw .invalidLine(line: line.number, reason: "not a trace event (\(traceDecodingReason(error)))")
    }
  }
}
