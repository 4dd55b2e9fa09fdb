import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a ``TraceRecorder`` writes its lines: a file, or any function that takes bytes.
///
/// A sink is called from the recorder's writing thread only, one batch of whole lines at a time.
public struct TraceSink: Sendable {
  let write: @Sendable ([UInt8]) throws -> Void
  let close: @Sendable () -> Void
  /// What errors call the sink: its file's path, or `the trace sink`.
  package let name: String

  /// A sink that hands each batch of lines to `write`, and calls `close` once after the last.
  ///
  /// - Parameters:
  ///   - write: Writes bytes (whole lines, each ending in a newline); a thrown error stops the
  ///     recording, and ``TraceRecorder/close()`` rethrows it.
  ///   - close: Called once when the recorder closes.
  public init(
    write: @escaping @Sendable ([UInt8]) throws -> Void,
    close: @escaping @Sendable () -> Void = {}
  ) {
    self.write = write
    self.close = close
    self.name = "the trace sink"
  }

  init(name: String, write: @escaping @Sendable ([UInt8]) throws -> Void, close: @escaping @Sendable () -> Void) {
    self.write = write
    self.close = close
    self.name = name
  }

  /// A sink that creates the file at `path` and writes to it.
  ///
  /// The file is created readable and writable by its owner only (0600), and never replaces an
  /// existing file or follows a symbolic link: a trace holds what a user did.
  ///
  /// - Parameter path: Where to create the file.
  /// - Returns: The sink.
  /// - Throws: ``TraceError/cannotCreate(path:reason:)`` when the file exists or cannot be made.
  public static func file(at path: String) throws(TraceError) -> TraceSink {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    return file(descriptor: descriptor, path: path)
  }

  /// A sink that writes to a file already open for writing, and closes it when the recorder
  /// closes.
  ///
  /// Use it when the file is created by rules of your own, for example replacing an existing
  /// trace only when the user asks to.
  ///
  /// - Parameters:
  ///   - descriptor: The open file; the sink owns it from now on.
  ///   - path: The file's path, for error messages.
  /// - Returns: The sink.
  public static func file(descriptor: Int32, path: String) -> TraceSink {
    TraceSink(
      name: path,
      write: { bytes in
        var written = 0
        while written < bytes.count {
          let result = bytes.withUnsafeBytes { buffer in
            systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
          }
          if result < 0 {
            if errno == EINTR { continue }
            throw TraceError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
          }
          written += result
        }
      },
      close: { _ = systemClose(descriptor) }
    )
  }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
  private let systemClose = Glibc.close
#elseif canImport(Darwin)
  private let systemWrite = Darwin.write
  private let systemClose = Darwin.close
#endif
