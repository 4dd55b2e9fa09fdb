import Braid
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP server on 127.0.0.1 and a port the system picks, for tests of network sources: it
/// accepts one connection per payload, in order, writes the payload and closes the connection.
final class LoopbackServer: Sendable {
  let port: Int
  private let listener: Int32
  private let accepted = SanitizerVisibleMutex(0)

  private let held = SanitizerVisibleMutex<[Int32]>([])
  private let received = SanitizerVisibleMutex<[String]>([])

  /// - Parameters:
  ///   - payloads: What to write on each accepted connection, in order.
  ///   - holdOpen: Whether to keep connections open after writing, until ``stop()``.
  ///   - readsLineFirst: Whether to read one line from each client before writing (as gpsd
  ///     waits for `?WATCH`); the lines are in ``receivedLines``.
  init(payloads: [String], holdOpen: Bool = false, readsLineFirst: Bool = false) throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
    }
    guard bound == 0, listen(listener, 4) == 0 else {
      close(listener)
      throw POSIXError(.EADDRINUSE)
    }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    self.listener = listener
    self.port = Int(UInt16(bigEndian: address.sin_port))
    Thread.detachNewThread { [self] in
      for payload in payloads {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        // Not inherited by a child another test spawns (see `Pipe.forChild()`).
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        accepted.withLock { $0 += 1 }
        if readsLineFirst {
          var line: [UInt8] = []
          var byte: UInt8 = 0
          while recv(connection, &byte, 1, 0) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
          received.withLock { $0.append(String(decoding: line, as: UTF8.self)) }
        }
        let bytes = Array(payload.utf8)
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if holdOpen {
          held.withLock { $0.append(connection) }
        } else {
          close(connection)
        }
      }
    }
  }

  /// The lines read from clients (with `readsLineFirst`), in order.
  var receivedLines: [String] { received.withLock { $0 } }

  /// How many connections were accepted so far.
  var acceptedConnections: Int { accepted.withLock { $0 } }

  /// Stops listening (connections already accepted are unaffected).
  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    for connection in held.withLock({ $0 }) { close(connection) }
  }
}
