import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP proxy on 127.0.0.1 that forwards to `upstream` until the upstream first sends bytes
/// containing `marker`: it then drops that connection both ways without passing them on, as a
/// network failing at that instant would. Later connections pass untouched.
///
/// For a client whose statement reached the server and took effect, but whose answer was
/// lost: with PostgreSQL, `marker` = `INSERT 0 1` cuts after the insert committed.
package final class CuttingProxy: Sendable {
  /// The port the proxy listens on.
  package let port: UInt16
  private let listener: Int32
  private let cuts = Cuts()

  /// How many connections were cut (at most one).
  package var cutCount: Int { cuts.count.load(ordering: .relaxed) }

  private final class Cuts: Sendable {
    let count = Atomic<Int>(0)
  }

  package init(upstream: UInt16, marker: String) throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    self.listener = listener
    var address = Self.loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ready = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, $0, &length) == 0
      }
    }
    guard ready else {
      close(listener)
      throw PostgresCluster.ToolFailure(description: "the proxy cannot listen: errno \(errno)")
    }
    port = UInt16(bigEndian: address.sin_port)
    let cuts = cuts
    let marker = Array(marker.utf8)
    let thread = Thread {
      while true {
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }  // closed by `stop()`
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var target = Self.loopback(port: upstream)
        let connected = withUnsafePointer(to: &target) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
          }
        }
        guard connected == 0 else {
          close(client)
          close(server)
          continue
        }
        Self.pump(from: client, to: server, cutting: nil, cuts: cuts)
        Self.pump(from: server, to: client, cutting: marker, cuts: cuts)
      }
    }
    thread.start()
  }

  /// Stops accepting; connections already open run until their ends close.
  package func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private static func pump(from source: Int32, to destination: Int32, cutting marker: [UInt8]?, cuts: Cuts) {
    let thread = Thread {
      var buffer = [UInt8](repeating: 0, count: 16_384)
      while true {
        let count = read(source, &buffer, buffer.count)
        guard count > 0 else { break }
        let chunk = buffer[..<count]
        if let marker, cuts.count.load(ordering: .relaxed) == 0, chunk.firstRange(of: marker) != nil,
          cuts.count.compareExchange(expected: 0, desired: 1, ordering: .relaxed).exchanged
        {
          break
        }
        var sent = 0
        while sent < count {
          let written = chunk.withUnsafeBytes { write(destination, $0.baseAddress! + sent, count - sent) }
          guard written > 0 else { break }
          sent += written
        }
      }
      // Either end closing (or the cut) closes both: the other pump's read then ends too.
      shutdown(source, Int32(SHUT_RDWR))
      shutdown(destination, Int32(SHUT_RDWR))
      close(source)
    }
    thread.start()
  }

  private static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }
}
