import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A blocking TCP client for tests of `braid-demo serve`: it sends lines and reads the server's JSON
/// lines, each read bounded by a receive timeout, so a server that stops answering makes the
/// test fail instead of hang. Used from one thread at a time.
package final class LineClient {
  private let descriptor: Int32
  private var buffer: [UInt8] = []

  /// Connects to 127.0.0.1 on `port`; `nil` if the connection fails.
  ///
  /// - Parameters:
  ///   - port: The server's port.
  ///   - readTimeout: How long one read may wait.
  ///   - receiveBufferSize: A small kernel receive buffer for the connection, set before it
  ///     connects: a client that does not read then holds back little of the server's output.
  package init?(port: UInt16, readTimeout: Duration = .seconds(30), receiveBufferSize: Int32? = nil) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    if var size = receiveBufferSize {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      return nil
    }
    var timeout = timeval(tv_sec: Int(readTimeout.components.seconds), tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// A second descriptor for the same connection, which the caller owns: another thread can send
  /// through it while this client reads (a client that pipelines).
  package func duplicateDescriptor() -> Int32 {
    dup(descriptor)
  }

  /// Closes the sending side: the server reads the end of input, and may still answer.
  package func closeSending() {
    shutdown(descriptor, Int32(SHUT_WR))
  }

  /// Sends raw bytes.
  package func send(bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// Sends `line` and a newline.
  package func send(_ line: String) {
    send(bytes: Array((line + "\n").utf8))
  }

  /// The next line from the server, decoded as a JSON object; `nil` at the end of the
  /// connection or when none came within the read timeout.
  package func nextObject() -> [String: Any]? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Data(buffer[..<newline])
        buffer.removeSubrange(...newline)
        return (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] ?? ["unparsable": true]
      }
      var chunk = [UInt8](repeating: 0, count: 4_096)
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      buffer += chunk[..<count]
    }
  }

  /// Reads lines until one satisfies `isWanted`; returns it, or `nil` if the connection ended
  /// or went quiet first.
  package func next(where isWanted: ([String: Any]) -> Bool) -> [String: Any]? {
    while let object = nextObject() {
      if isWanted(object) { return object }
    }
    return nil
  }
}
