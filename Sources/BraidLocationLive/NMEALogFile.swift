import BraidLocation
import BraidPOSIX

#if canImport(Glibc)
  import Glibc
#endif

/// An NMEA log opened for a replay, read in chunks and split into lines, so a file of any size
/// (or a device that never ends) is read in bounded memory.
///
/// A line longer than ``maximumLineLength`` ends the reading with an error: NMEA sentences are
/// at most a few hundred bytes, so such a line means the file is not a text log at all
/// (`/dev/zero` never sends a line end; buffering it would grow without bound).
final class NMEALogFile {
  /// The longest line read, in bytes.
  static let maximumLineLength = 4096

  private let descriptor: Int32
  private let path: String
  private var framer = LineFramer(maximumLength: maximumLineLength, terminator: .crOrLF, invalidUTF8: .repair)
  private var buffer = [UInt8](repeating: 0, count: 65_536)
  private var isAtEnd = false
  /// The error to throw once the lines before it were returned.
  private var pendingError: LocationError?

  /// Opens `path`.
  ///
  /// - Throws: ``LocationError/sourceUnavailable(_:)`` when there is no such file or it is a
  ///   directory; ``LocationError/permissionDenied(_:)`` when this process may not read it.
  init(path: String) throws(LocationError) {
    self.path = path
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Self.openError(path, errno) }
    var information = stat()
    if fstat(descriptor, &information) == 0, information.st_mode & S_IFMT == S_IFDIR {
      Glibc.close(descriptor)
      throw .sourceUnavailable("\(path): is a directory")
    }
  }

  deinit { Glibc.close(descriptor) }

  /// The lines of the next chunk of the file, in order (empty lines dropped); `nil` at the end.
  ///
  /// - Parameter linesBefore: How many lines were read before, to say where a bad line is.
  /// - Throws: ``LocationError/malformedInput(_:)`` for a line longer than
  ///   ``maximumLineLength`` (the lines before it are returned first);
  ///   ``LocationError/sourceUnavailable(_:)`` when reading fails.
  func nextLines(linesBefore: Int) throws(LocationError) -> [String]? {
    if let pendingError { throw pendingError }
    guard !isAtEnd else { return nil }
    var count = 0
    repeat {
      count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    } while count < 0 && errno == EINTR
    guard count >= 0 else { throw .sourceUnavailable("\(path): \(String(cString: strerror(errno)))") }
    var lines: [String] = []
    if count == 0 {
      isAtEnd = true
      if case .text(let line)? = framer.finish() { lines.append(line) }
      return lines
    }
    var overlongAfter: Int?
    framer.append(buffer[0..<count]) { line in
      switch line {
      case .text(let text) where overlongAfter == nil: lines.append(text)
      case .tooLong: overlongAfter = overlongAfter ?? lines.count
      default: break
      }
    }
    if let overlongAfter {
      pendingError = .malformedInput(
        "\(path): a line longer than \(Self.maximumLineLength) bytes after \(linesBefore + overlongAfter) line(s): "
          + "not an NMEA log")
    }
    return lines
  }

  private static func openError(_ path: String, _ code: Int32) -> LocationError {
    switch code {
    case ENOENT, ENOTDIR: .sourceUnavailable("\(path): no such file")
    case EACCES, EPERM: .permissionDenied(path)
    default: .sourceUnavailable("\(path): \(String(cString: strerror(code)))")
    }
  }
}
