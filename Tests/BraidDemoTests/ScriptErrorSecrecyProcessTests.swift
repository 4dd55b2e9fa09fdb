import Foundation
import Testing

/// A script line the parser does not understand is reported without the part of it that may
/// be a password.
struct ScriptErrorSecrecyProcessTests {
  typealias Demo = BraidDemoProcessTests

  @Test(arguments: [
    ("tpye password Hunter2Secret!x", "unknown command: tpye …"),
    ("type pasword Hunter2Secret!x", "expected a field (username, email, password, verification): type …"),
    ("type passwordX Hunter2Secret!x", "expected a field (username, email, password, verification): type …"),
    ("type Password Hunter2Secret!x", "expected a field (username, email, password, verification): type …"),
    ("type verifcation Hunter2Secret!x", "expected a field (username, email, password, verification): type …"),
    ("type emial Hunter2Secret!x", "expected a field (username, email, password, verification): type emial …"),
    ("passwd Hunter2Secret!x", "unknown command: (not shown) …"),
    ("Hunter2Secret!x", "unknown command: (not shown)"),
    ("wait 1s Hunter2Secret!x", "expected a duration from 0ms to 24h, such as 400ms or 1s: wait …"),
  ])
  func aMistypedLineNeverEchoesWhatFollowsTheMistake(line: String, message: String) async throws {
    let database = Demo.temporaryDatabase()
    defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
    let result = try await Demo.run(["signup", "--database", database, "--script", "-"], input: "show\n\(line)\n")
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("braid-demo: script line 2: \(message)\n"), "\(result.error)")
    #expect(!result.error.contains("Hunter2"))
    #expect(!result.output.contains("Hunter2"))
  }
}
