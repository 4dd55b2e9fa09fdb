import Foundation
import Testing

/// `serve`'s choice of user directory, and its fault point, refused with a usage error when
/// malformed, before it listens.
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
}
