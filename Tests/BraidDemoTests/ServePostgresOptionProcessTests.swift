import BraidTestSupport
import Foundation
import Testing

/// `serve`'s choice of user directory, and its fault point, refused with a usage error when
/// malformed, before it listens; a PostgreSQL directory it cannot reach said at once, and each
/// later loss and recovery of it said once.
struct ServePostgresOptionProcessTests {
  typealias Demo = BraidDemoProcessTests

  @Test func aDatabaseAndAPostgresURLTogetherAreAUsageError() async throws {
    let result = try await Demo.run(
      ["serve", "--port", "0", "--database", "/tmp/users.sqlite", "--postgres", "postgresql:///braid"])
    #expect(result.status == 64)
    #expect(result.error.contains("--database and --postgres: choose one user directory"), "\(result.error)")
  }

  @Test func aPostgresFlagWithoutAURLIsAUsageError() async throws {
    let result = try await Demo.run(["serve", "--port", "0", "--postgres"])
    #expect(result.status == 64)
    #expect(result.error.contains("--postgres needs a value"), "\(result.error)")
  }

  @Test(arguments: ["0", "65", "four", "-1"])
  func aPoolSizeOutOfRangeIsAUsageError(size: String) async throws {
    let result = try await Demo.run(
      ["serve", "--port", "0", "--postgres", "postgresql:///braid", "--postgres-connections", size])
    #expect(result.status == 64)
    #expect(
      result.error.contains("--postgres-connections: expected a number from 1 to 64, got '\(size)'"),
      "\(result.error)")
  }

  @Test func aPoolSizeWithoutPostgresIsAUsageError() async throws {
    let result = try await Demo.run(
      ["serve", "--port", "0", "--database", "/tmp/braid-unused.sqlite", "--postgres-connections", "2"])
    #expect(result.status == 64)
    #expect(result.error.contains("--postgres-connections goes with --postgres"), "\(result.error)")
  }

  @Test func aMalformedFaultPointIsAUsageError() async throws {
    var environment = ProcessInfo.processInfo.environment
    environment["BRAID_SERVE_FAULT"] = "kill-after-commit:0"
    let result = try await Demo.run(
      ["serve", "--port", "0", "--database", "/tmp/braid-unused.sqlite"], environment: environment)
    #expect(result.status == 64)
    #expect(
      result.error.contains(
        "BRAID_SERVE_FAULT: expected kill-after-commit:N with N at least 1, got 'kill-after-commit:0'"),
      "\(result.error)")
  }

  @Test func aScriptedSubmitWithARequestIDIsRefusedSayingWhy() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try await Demo.run(
      ["signup", "--database", "\(folder)/users.sqlite", "--script", "-"], input: "type username alice\nsubmit r-1\n")
    #expect(result.status != 0)
    #expect(result.output.contains("a request id is for serve") || result.error.contains("a request id is for serve"))
  }

  @Test(arguments: ["not a url", "postgresql://127.0.0.1/braid?sslmode=bogus", "postgresql://127.0.0.1/braid?nosuch=1"])
  func aURLLibpqCannotUseIsAUsageError(url: String) async throws {
    let result = try await Demo.run(["serve", "--port", "0", "--postgres", url])
    #expect(result.status == 64, "\(result.error)")
    #expect(result.error.contains("--postgres: not a connection URL libpq can use: "), "\(result.error)")
    #expect(!result.output.contains("listening"))
  }

  /// A running `serve --postgres URL`: its port, and its log once stopped. `@unchecked`: its
  /// fields are constants, and the test uses it from one thread at a time.
  final class PostgresServer: @unchecked Sendable {
    let process = Process()
    let port: UInt16
    private let errors = Pipe.forChild()

    init(url: String) throws {
      let output = Pipe.forChild()
      process.executableURL = Demo.executable
      process.arguments = ["serve", "--port", "0", "--postgres", url]
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      var line = Data()
      while !line.contains(UInt8(ascii: "\n")) {
        let byte = output.fileHandleForReading.readData(ofLength: 1)
        if byte.isEmpty { break }
        line += byte
      }
      let text = String(decoding: line, as: UTF8.self)
      port = UInt16(text.split(separator: " ").last?.trimmingCharacters(in: .newlines) ?? "") ?? 0
    }

    /// Stops the server with SIGINT and returns its log.
    func stop() -> String {
      process.interrupt()
      process.waitUntilExit()
      return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
  }

  /// The username status a client gets after typing `name`.
  static func check(_ name: String, port: UInt16) -> String? {
    guard let client = LineClient(port: port) else { return nil }
    client.send("type username \(name)")
    client.send("wait 400ms")
    let answer = client.next { object in
      let status = object["usernameStatus"] as? String ?? ""
      return status.hasPrefix("Username") || status.hasPrefix("could not check")
    }
    return answer?["usernameStatus"] as? String
  }

  @Test func anUnreachableDatabaseIsSaidAtStartWithoutThePassword() async throws {
    let server = try await onOwnThread { try PostgresServer(url: "postgresql://braid:s3cretpw@127.0.0.1:1/braid") }
    #expect(server.port != 0)
    let status = await onOwnThread { Self.check("alice", port: server.port) }
    #expect(status == "could not check: The user directory is unavailable; try again later.")
    let log = await onOwnThread { server.stop() }
    #expect(
      log.contains(
        "braid-demo serve: the user directory is unreachable: postgresql://127.0.0.1:1/braid: cannot connect:"),
      "\(log)")
    #expect(!log.contains("s3cretpw"), "\(log)")
    // Already said at start: the failed check adds no second line.
    #expect(!log.contains("stopped answering"), "\(log)")
  }

  @Test(.needs("PostgreSQL", isInstalled: PostgresCluster.isInstalled, package: "postgresql"))
  func eachLossAndRecoveryOfTheDatabaseIsLoggedOnce() async throws {
    try await PostgresCluster.with(tcp: true) { cluster in
      let server = try await onOwnThread { try PostgresServer(url: cluster.tcpURL()) }
      #expect(await onOwnThread { Self.check("alice", port: server.port) } == "Username available")
      try await cluster.stopServer()
      for name in ["bob", "cy"] {
        #expect(
          await onOwnThread { Self.check(name, port: server.port) }
            == "could not check: The user directory is unavailable; try again later.")
      }
      try await cluster.startServer()
      #expect(await onOwnThread { Self.check("dee", port: server.port) } == "Username available")
      #expect(await onOwnThread { Self.check("eve", port: server.port) } == "Username available")
      let log = await onOwnThread { server.stop() }
      #expect(log.components(separatedBy: "the user directory stopped answering: ").count == 2, "\(log)")
      #expect(log.components(separatedBy: "the user directory answers again").count == 2, "\(log)")
      #expect(!log.contains("unreachable"), "\(log)")
    }
  }
}
