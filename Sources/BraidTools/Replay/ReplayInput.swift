import BraidTrace
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The trace `replay` reads, read from its path once.
///
/// Replaying reads a trace more than once: its header to pick the feature, then its lines, and
/// again from a keyframe when stepping back or drawing a timeline. A regular file is simply
/// reopened. A pipe, a FIFO or a device (`replay <(cat t.trace)`, `mkfifo`) can be read only
/// once, so its bytes are first copied into a private temporary file (0600, removed when this
/// goes away), and every later read goes there. The copy keeps the reader's limits: a line
/// longer than ``TraceFormat/maximumLineLength`` is refused naming its line, so a device that
/// never ends a line (`/dev/zero`) is refused at that cap, and at most
/// ``maximumCopiedSize`` bytes are copied in all.
final class ReplayInput {
  /// The most a pipe or device may hold: more is refused, with the advice to save it to a file.
  static let maximumCopiedSize: Int64 = 1 << 30

  /// The path to read the trace from: the given one, or the temporary copy.
  let path: String
  private let copy: String?

  /// Opens the trace at `path`, copying it first when it cannot be read twice.
  ///
  /// A path that does not exist or cannot be opened is left for the reader to report.
  ///
  /// - Throws: A ``TraceError`` for a line over the cap, more input than the copy takes, or a
  ///   read or write that fails.
  init(path: String) throws(TraceError) {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR else {
      self.path = path
      self.copy = nil
      return
    }
    let source = open(path, O_RDONLY | O_CLOEXEC)
    guard source >= 0 else {
      self.path = path
      self.copy = nil
      return
    }
    defer { close(source) }
    var template = Array((NSTemporaryDirectory() + "/braid-replay-XXXXXX").utf8CString)
    let target = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard target >= 0 else {
      throw .cannotRead(path: path, reason: "cannot make a temporary copy: \(String(cString: strerror(errno)))")
    }
    defer { close(target) }
    let copy = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    do {
      try Self.copy(from: source, to: target, path: path)
    } catch {
      unlink(copy)
      throw error
    }
    self.path = copy
    self.copy = copy
  }

  deinit {
    if let copy { unlink(copy) }
  }

  /// Copies `source` into `target` while counting lines, within the caps.
  private static func copy(from source: Int32, to target: Int32, path: String) throws(TraceError) {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var line = 1
    var lineLength = 0
    var total: Int64 = 0
    while true {
      let count = chunk.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
      }
      if count == 0 { return }
      // The newlines, found with memchr: a byte-by-byte loop took minutes over 64 MiB in a
      // sanitized build.
      chunk.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        var start = 0
        var sawNewline = false
        while start < count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start) {
          line += 1
          sawNewline = true
          start = base.distance(to: UnsafeRawPointer(found)) + 1
        }
        lineLength = sawNewline ? count - start : lineLength + count
      }
      if lineLength > TraceFormat.maximumLineLength {
        throw .invalidLine(line: line, reason: "longer than \(TraceFormat.maximumLineLength >> 20) MiB")
      }
      total += Int64(count)
      guard total <= maximumCopiedSize else {
        throw .cannotRead(
          path: path,
          reason: "more than \(maximumCopiedSize >> 30) GiB from a pipe or device; save the trace to a file first")
      }
      var written = 0
      while written < count {
        let result = chunk.withUnsafeBytes { systemWrite(target, $0.baseAddress! + written, count - written) }
        if result < 0 {
          if errno == EINTR { continue }
          throw .cannotRead(path: path, reason: "cannot copy it: \(String(cString: strerror(errno)))")
        }
        written += result
      }
    }
  }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  private let systemWrite = Darwin.write
#endif
