#if canImport(Glibc)
  import Glibc
#endif

/// Opening TCP connections.
package enum TCPConnection {
  /// Why a connection could not be made.
  package enum Failure: Error, Sendable, Equatable {
    /// The host did not resolve.
    case unresolved
    /// No address accepted the connection; the last address's error.
    case refused(SystemError)
  }

  /// Connects to `host:port`, trying each address the host resolves to in turn.
  ///
  /// - Returns: The connected socket, closed on `exec`.
  /// - Throws: ``Failure``.
  package static func connect(host: String, port: Int) throws(Failure) -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var results: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &results) == 0, let first = results else { throw .unresolved }
    defer { freeaddrinfo(results) }
    var last = SystemError(code: EADDRNOTAVAIL)
    var candidate: UnsafeMutablePointer<addrinfo>? = first
    while let info = candidate {
      let descriptor = socket(
        info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
      if descriptor >= 0 {
        if Glibc.connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return descriptor }
        last = .lastError()
        close(descriptor)
      } else {
        last = .lastError()
      }
      candidate = info.pointee.ai_next
    }
    throw .refused(last)
  }

  /// Writes all of `bytes` to `descriptor`, retrying after a signal; never raises `SIGPIPE`.
  ///
  /// - Returns: Whether every byte was written.
  @discardableResult
  package static func sendAll(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Bool {
    var bytes = Array(bytes)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }
}
