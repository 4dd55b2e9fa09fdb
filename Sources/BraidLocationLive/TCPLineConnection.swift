import Braid
import BraidLocation
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP connection read line by line on a dedicated thread (blocking reads are I/O, not
/// scheduling: DECISIONS 15), for NMEA and gpsd streams.
///
/// ``stop()`` shuts the socket down, which ends the blocking read; the reading thread then
/// closes the descriptor. Both happen under one lock, so the descriptor is closed exactly once,
/// never while a read is in flight, and never shut down after it was closed (its number may
/// belong to another file by then).
package final class TCPLineConnection: Sendable {
  private enum State { case open, stopped, closed }

  /// Lines longer than this are cut off and skipped: a stream that never sends a line break
  /// cannot grow memory without bound.
  static let maximumLineLength = 4096

  private let descriptor: Int32
  private let state = SanitizerVisibleMutex(State.open)

  /// How many connections have a descriptor not yet closed, for leak checks in tests.
  package static var openDescriptorCount: Int { openDescriptors.load(ordering: .acquiring) }
  private static let openDescriptors = Atomic(0)

  private init(descriptor: Int32) {
    self.descriptor = descriptor
    Self.openDescriptors.add(1, ordering: .releasing)
  }

  /// Connects to `host:port`.
  ///
  /// - Throws: ``LocationError/sourceUnavailable(_:)`` when the host does not resolve or
  ///   refuses the connection.
  static func connect(host: String, port: Int) throws(LocationError) -> TCPLineConnection {
    let name = "\(host):\(port)"
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var results: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &results) == 0, let first = results else {
      throw .sourceUnavailable("\(name): the host does not resolve")
    }
    defer { freeaddrinfo(results) }
    var candidate: UnsafeMutablePointer<addrinfo>? = first
    while let info = candidate {
      let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
      if descriptor >= 0 {
        if Glibc.connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
          return TCPLineConnection(descriptor: descriptor)
        }
        Glibc.close(descriptor)
      }
      candidate = info.pointee.ai_next
    }
    throw .sourceUnavailable("\(name): \(String(cString: strerror(errno)))")
  }

  /// The lines the peer sends, without their line endings, until it closes the connection or
  /// ``stop()`` is called. Call it once: it starts the reading thread.
  func lines() -> AsyncStream<String> {
    let descriptor = self.descriptor
    return AsyncStream { [self] continuation in
      Thread.detachNewThread {
        var pending: [UInt8] = []
        var isOverlong = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        reading: while true {
          let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
          if count < 0, errno == EINTR { continue }
          guard count > 0 else { break reading }
          for byte in buffer[0..<count] {
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
              if !pending.isEmpty, !isOverlong { continuation.yield(String(decoding: pending, as: UTF8.self)) }
              pending.removeAll(keepingCapacity: true)
              isOverlong = false
            } else if pending.count < Self.maximumLineLength {
              pending.append(byte)
            } else {
              isOverlong = true
            }
          }
        }
        if !pending.isEmpty, !isOverlong { continuation.yield(String(decoding: pending, as: UTF8.self)) }
        self.state.withLock { state in
          Glibc.close(descriptor)
          state = .closed
        }
        Self.openDescriptors.subtract(1, ordering: .releasing)
        continuation.finish()
      }
    }
  }

  /// Sends `text` to the peer; does nothing once the connection is stopped or closed.
  func send(_ text: String) {
    state.withLock { state in
      guard case .open = state else { return }
      var bytes = Array(text.utf8)
      var offset = 0
      while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { buffer in
          Glibc.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        }
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  /// Ends the connection: the reading thread wakes, closes the descriptor and finishes the
  /// lines. Safe to call more than once.
  func stop() {
    state.withLock { state in
      guard case .open = state else { return }
      shutdown(descriptor, Int32(SHUT_RDWR))
      state = .stopped
    }
  }
}
