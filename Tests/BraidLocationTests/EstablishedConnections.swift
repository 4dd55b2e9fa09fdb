import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// This process's established TCP connections, read from the kernel: the socket inodes behind
/// `/proc/self/fd`, matched against the rows of `/proc/self/net/tcp` and `tcp6`. A connection
/// counts whoever in the process opened it, so a client that drops and reopens its socket, or
/// leaks one, shows here even when its own bookkeeping says otherwise.
enum EstablishedConnections {
  /// How many of this process's sockets are connected (state `ESTABLISHED`) to `port` on the
  /// other end.
  static func count(toRemotePort port: Int) -> Int {
    let mine = socketInodes()
    return rows().filter { $0.isEstablished && $0.remotePort == port && mine.contains($0.inode) }.count
  }

  private struct Row {
    let remotePort: Int
    let isEstablished: Bool
    let inode: UInt64
  }

  /// The inodes of the sockets among this process's descriptors (`socket:[INODE]` links).
  private static func socketInodes() -> Set<UInt64> {
    let directory = "/proc/self/fd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    var inodes: Set<UInt64> = []
    for name in names {
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + name),
        target.hasPrefix("socket:["), target.hasSuffix("]"),
        let inode = UInt64(target.dropFirst("socket:[".count).dropLast())
      else { continue }
      inodes.insert(inode)
    }
    return inodes
  }

  /// All of a `/proc` file, read until the end. The kernel hands these out a page at a time,
  /// and Foundation's `String(contentsOfFile:)` stops after the first read: a table of more than
  /// 27 rows (sockets left in `TIME_WAIT` by earlier runs) lost the rest, and with it, in 28 of
  /// 125 repeated runs, the very connection counted.
  private static func wholeFile(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return String(decoding: bytes, as: UTF8.self) }
      bytes += buffer[..<count]
    }
  }

  /// The rows of the IPv4 and IPv6 tables: `sl local rem st queues timer retransmits uid
  /// timeout inode …`, addresses as `HEXADDR:HEXPORT`, state `01` for established.
  private static func rows() -> [Row] {
    ["/proc/self/net/tcp", "/proc/self/net/tcp6"].flatMap { path -> [Row] in
      guard let table = wholeFile(path) else { return [] }
      return table.split(separator: "\n").dropFirst().compactMap { line in
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count > 9, let colon = fields[2].lastIndex(of: ":"),
          let port = Int(fields[2][fields[2].index(after: colon)...], radix: 16),
          let inode = UInt64(fields[9])
        else { return nil }
        return Row(remotePort: port, isEstablished: fields[3] == "01", inode: inode)
      }
    }
  }
}
