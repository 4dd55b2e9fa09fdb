import Foundation
import Testing

/// The demo's interactive commands, read through the one line framer.
struct CommandInputProcessTests {
  typealias Demo = BraidDemoProcessTests

  @Test func aLineTooLongToBeACommandIsSaidSoAndTheNextCommandsRun() async throws {
    let input = String(repeating: "x", count: 5_000) + "\n+\r\n+\nquit\n"
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-counter-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try await Demo.run(["counter", "--interactive", "--state", folder + "/counter.json"], input: input)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.contains("braid-demo: a line longer than 4096 bytes is not a command; ignored"))
    // A CR before the line end is not part of the command.
    #expect(result.output.contains("count: 2"), "\(result.output)")
  }
}
