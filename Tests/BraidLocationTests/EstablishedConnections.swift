import Foundation

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

  /// The rows of the IPv4 and IPv6 tables: `sl local rem st queues timer retransmits uid
  /// timeout inode …`, addresses as `HEXADDR:HEXPORT`, state `01` for established.
  private static func rows() -> [Row] {
    ["/proc/self/net/tcp", "/proc/self/net/tcp6"].flatMap { path -> [Row] in
      guard let table = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
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
