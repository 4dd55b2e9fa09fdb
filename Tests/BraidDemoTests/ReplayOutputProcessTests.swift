import BraidTestSupport
import Foundation
import Testing

/// `replay` and the output flags as a hostile or careless user meets them: a trace on a pipe or
/// a device, a page or a recording over an existing file, a keyword as a test name.
struct ReplayOutputProcessTests {
  static let inTime = RecordReplayProcessTests.inTime

  typealias Demo = BraidDemoProcessTests

  static func permissions(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
  }

  @Test func aTraceOnAPipeIsReadOnceAndReplays() async throws {
    let trace = try await RecordReplayProcessTests.record()
    defer { try? FileManager.default.removeItem(atPath: (trace as NSString).deletingLastPathComponent) }
    let text = try String(contentsOfFile: trace, encoding: .utf8)
    // Standard input is a pipe: it can be read once, and replay reads its header, then its lines.
    let verified = try await Demo.run(["replay", "/dev/stdin"], input: text)
    #expect(verified.status == 0, "\(verified.error)")
    #expect(verified.output == "verified: 7 action(s) reach their recorded states\n\(Self.inTime)\n")
    // Stepping back needs a second read of the same lines.
    let stepped = try await Demo.run(["replay", "/dev/stdin", "--at", "7"], input: text)
    #expect(stepped.status == 0, "\(stepped.error)")
    #expect(stepped.output.contains(#"username: "alice","#))
  }

  @Test(.timeLimit(.minutes(1)))
  func aDeviceThatNeverEndsALineIsRefusedNamingTheLine() async throws {
    let result = try await Demo.run(["replay", "/dev/zero"])
    #expect(result.status == 1)
    #expect(result.error.contains("/dev/zero: line 1: longer than 64 MiB"), "\(result.error)")
  }

  @Test func aTimelineIsOwnerOnlyAndReplacesAPageOnlyWhenForced() async throws {
    let trace = try await RecordReplayProcessTests.record()
    let folder = (trace as NSString).deletingLastPathComponent
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = folder + "/timeline.html"
    let first = try await Demo.run(["replay", trace, "--html", page])
    #expect(first.status == 0, "\(first.error)")
    #expect(try Self.permissions(page) == 0o600)

    try "an old page".write(toFile: page, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: page)
    let refused = try await Demo.run(["replay", trace, "--html", page])
    #expect(refused.status == 1)
    #expect(refused.error == "braid-demo: \(page) already exists: pass --force to replace it\n", "\(refused.error)")
    #expect(try String(contentsOfFile: page, encoding: .utf8) == "an old page")

    let forced = try await Demo.run(["replay", trace, "--html", page, "--force"])
    #expect(forced.status == 0, "\(forced.error)")
    #expect(try String(contentsOfFile: page, encoding: .utf8).hasPrefix("<!doctype html>"))
    #expect(try Self.permissions(page) == 0o600)
    // Replaced beside itself: no temporary file is left.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
        "signup.trace", "timeline.html", "users.sqlite",
      ])
  }

  @Test func aRecordingReplacesAFileOnlyWhenForced() async throws {
    let trace = try await RecordReplayProcessTests.record()
    let folder = (trace as NSString).deletingLastPathComponent
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: trace)
    let forced = try await Demo.run(
      ["counter", "--record", trace, "--force"])
    #expect(forced.status == 0, "\(forced.error)")
    #expect(try Self.permissions(trace) == 0o600)
    let replayed = try await Demo.run(["replay", trace])
    #expect(replayed.status == 0, "\(replayed.error)")
    #expect(replayed.output.hasPrefix("verified: "))
  }

  @Test func aKeywordIsRefusedAsATestName() async throws {
    let trace = try await RecordReplayProcessTests.record()
    defer { try? FileManager.default.removeItem(atPath: (trace as NSString).deletingLastPathComponent) }
    let result = try await Demo.run(["replay", trace, "--emit-test", "--test-name", "class"])
    #expect(result.status == 64)
    #expect(result.error.contains("--test-name 'class' is a Swift keyword"), "\(result.error)")
    let fine = try await Demo.run(["replay", trace, "--emit-test", "--test-name", "classy"])
    #expect(fine.status == 0, "\(fine.error)")
    #expect(fine.output.contains("@Test func classy() async throws {"))
  }

  @Test func serveShowsItsPostgresFlagInTheUsage() async throws {
    let result = try await Demo.run(["serve", "--help"])
    #expect(result.output.contains("braid-demo serve --port P [--host ADDRESS] [--database PATH | --postgres URL]"))
  }
}
