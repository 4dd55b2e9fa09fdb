import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A PostgreSQL cluster of a test's own: created with `initdb` in a temporary folder, served on
/// a Unix socket there (and on a loopback TCP port when asked), stopped and removed at the end.
///
/// Its programs run on threads of their own: Foundation's `waitUntilExit` on the cooperative
/// pool's two threads here starved the pool, and the tests hung.
///
/// The server's programs are found with `pg_config --bindir` (they are not on `PATH` on Debian).
/// PostgreSQL refuses to run as root: run as root, the cluster belongs to the `postgres` user
/// and its commands run through `runuser`.
package struct PostgresCluster: Sendable {
  /// The folder holding the data directory, the socket and the log.
  package let folder: String
  /// The TCP port, when the cluster listens on one.
  package let port: UInt16?
  private let bin: String

  /// A URL that connects as the cluster's superuser to database `postgres` over the socket.
  package var url: String { url(database: "postgres") }

  /// A URL for `database` over the socket.
  package func url(database: String) -> String {
    // The socket's name carries the port: `.s.PGSQL.5432` by default.
    "postgresql://postgres@/\(database)?host=\(folder)" + (port.map { "&port=\($0)" } ?? "")
  }

  /// A URL for `database` over TCP on 127.0.0.1 at `port` (the cluster's own by default).
  package func tcpURL(database: String = "postgres", port: UInt16? = nil) -> String {
    "postgresql://postgres@127.0.0.1:\(port ?? self.port ?? 5432)/\(database)"
  }

  /// Whether the PostgreSQL server and `pg_config` are installed here.
  package static var isInstalled: Bool {
    (try? bindir()).map { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") } ?? false
  }

  /// Creates and starts a cluster, runs `body`, and stops and removes the cluster however
  /// `body` ends.
  package static func with<R>(tcp: Bool = false, _ body: (PostgresCluster) async throws -> R) async throws -> R {
    let cluster = try await onOwnThread { try start(tcp: tcp) }
    do {
      let result = try await body(cluster)
      try await onOwnThread { try cluster.destroy() }
      return result
    } catch {
      _ = try? await onOwnThread { try cluster.destroy() }
      throw error
    }
  }

  private static func start(tcp: Bool) throws -> PostgresCluster {
    let bin = try bindir()
    let folder = "/tmp/braid-pg-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let cluster = PostgresCluster(folder: folder, port: tcp ? try freePort() : nil, bin: bin)
    if getuid() == 0 { try run("/usr/bin/chown", ["postgres:postgres", folder]) }
    try cluster.asOwner(
      "\(bin)/initdb",
      ["-D", "\(folder)/data", "--encoding=UTF8", "--locale=C.UTF-8", "--auth=trust", "-U", "postgres", "--no-sync"])
    try cluster.startServerHere()
    return cluster
  }

  /// Starts the stopped server again (after ``stopServer()``), on the same socket and port.
  package func startServer() async throws {
    try await onOwnThread { try startServerHere() }
  }

  private func startServerHere() throws {
    let listen = port.map { "-c listen_addresses=127.0.0.1 -p \($0)" } ?? "-c listen_addresses=''"
    try asOwner(
      "\(bin)/pg_ctl",
      ["-D", "\(folder)/data", "-l", "\(folder)/log", "-w", "-o", "-k \(folder) \(listen) -c fsync=off", "start"])
  }

  /// Stops the server at once (`-m immediate`), as a crash would: connections drop mid-statement.
  package func stopServer() async throws {
    try await onOwnThread { try asOwner("\(bin)/pg_ctl", ["-D", "\(folder)/data", "-m", "immediate", "-w", "stop"]) }
  }

  /// Runs `sql` with `psql` on `database` and returns its unaligned, tuples-only output.
  @discardableResult
  package func psql(_ sql: String, database: String = "postgres") async throws -> String {
    try await onOwnThread {
      try Self.run("/usr/bin/psql", [url(database: database), "-v", "ON_ERROR_STOP=1", "-At", "-c", sql])
    }
  }

  private func destroy() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try asOwner("\(bin)/pg_ctl", ["-D", "\(folder)/data", "-m", "fast", "-w", "stop"])
  }

  private func asOwner(_ tool: String, _ arguments: [String]) throws {
    if getuid() == 0 {
      try Self.run("/usr/sbin/runuser", ["-u", "postgres", "--", tool] + arguments)
    } else {
      try Self.run(tool, arguments)
    }
  }

  private static func bindir() throws -> String {
    try run("/usr/bin/pg_config", ["--bindir"]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A port the system had free a moment ago.
  private static func freePort() throws -> UInt16 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    guard bound else { throw ToolFailure(description: "no free port: errno \(errno)") }
    return UInt16(bigEndian: address.sin_port)
  }

  /// A tool that exited with a failure; the description holds its output.
  package struct ToolFailure: Error, CustomStringConvertible {
    package let description: String
  }

  /// Runs `tool` and returns what it wrote to standard output and error; throws when it fails.
  @discardableResult
  private static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let (status, text) = try ChildProcess.run(tool, arguments)
    guard status == 0 else {
      throw ToolFailure(description: "\(tool) \(arguments.joined(separator: " ")) failed (\(status)): \(text)")
    }
    return text
  }
}
