import BraidTestSupport
import Foundation
import Testing

/// `braid-demo serve --record-dir DIR`: one trace per connection, named by the server alone,
/// created owner-only, without the password, and each replays.
struct ServeRecordingProcessTests {
  typealias Demo = BraidDemoProcessTests

  static let password = "hunter2-Secret"

  @Test func eachConnectionIsRecordedIntoAFileOfItsOwnWithoutThePassword() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // The clients and the server run on a thread of their own: their reads block.
    let log = try await onOwnThread {
      let server = try ServeProcessTests.Server(descriptorLimit: 256, arguments: ["--record-dir", folder.path])
      for name in ["alice", "../../etc/passwd"] {
        guard let client = LineClient(port: server.port) else { return "no connection\n" + server.stop() }
        for line in ["type username \(name)", "type password \(Self.password)", "type verification \(Self.password)"] {
          client.send(line)
        }
        client.closeSending()
        // Until the server closes the connection, once it has handled every line.
        while client.nextObject() != nil {}
      }
      return server.stop()
    }
    #expect(!log.contains("not recorded"), "\(log)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count == 2, "\(names)")
    for name in names {
      // Named by the server's start, its process and the connection's number; nothing a client sent.
      #expect(name.wholeMatch(of: /serve-\d{8}T\d{6}-\d+-connection-\d+\.trace/) != nil, "\(name)")
      let path = folder.appendingPathComponent(name).path
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      #expect((attributes[.posixPermissions] as? Int) == 0o600)
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(bytes.range(of: Data("hunter2".utf8)) == nil, "the password is in \(name)")
      let replay = try await Demo.run(["replay", path])
      #expect(replay.status == 0, "\(replay.output)\(replay.error)")
      #expect(replay.output.hasPrefix("verified: "))
      #expect(!replay.output.contains("stops before its store was released"), "\(replay.output)")
    }
  }

  @Test func aRecordFolderThatDoesNotExistIsAUsageError() async throws {
    let result = try await Demo.run(["serve", "--port", "0", "--record-dir", "/nonexistent/braid-traces"])
    #expect(result.status == 64)
    #expect(
      result.error.contains(
        "--record-dir: cannot create the trace file /nonexistent/braid-traces: not a folder that exists"))
  }
}
