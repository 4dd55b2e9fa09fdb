import BraidTestSupport
import Foundation
import Testing

/// `braid-demo counter --interactive` keeps its count in a file: a second run starts where the
/// first ended, and two runs on one file see each other's counts.
struct CounterStateProcessTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-counter-\(UUID())").path

  @Test func aSecondRunStartsWhereTheFirstEnded() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let state = folder + "/counter.json"
    let first = try await BraidDemoProcessTests.run(
      ["counter", "--interactive", "--state", state], input: "+\n+\n+\nquit\n")
    #expect(first.status == 0, "\(first.error)")
    #expect(try String(contentsOfFile: state, encoding: .utf8) == "3")
    let second = try await BraidDemoProcessTests.run(
      ["counter", "--interactive", "--state", state], input: "-\nquit\n")
    #expect(second.status == 0, "\(second.error)")
    #expect(second.output.contains("\ncount: 3\n> count: 2\n"), "\(second.output)")
    #expect(try String(contentsOfFile: state, encoding: .utf8) == "2")
  }

  @Test func twoRunsOnOneFileSeeEachOthersCounts() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let state = folder + "/counter.json"
    let left = try RunningProcess(BraidDemoProcessTests.executable, ["counter", "--interactive", "--state", state])
    let right = try RunningProcess(BraidDemoProcessTests.executable, ["counter", "--interactive", "--state", state])
    #expect(await left.waitForLine { $0 == "count: 0" })
    #expect(await right.waitForLine { $0 == "count: 0" })
    left.write("+\n+\n")
    // Prompts start the lines: `> count: 2`.
    #expect(await right.waitForLine { $0.hasSuffix("count: 2") })
    right.write("-\n")
    #expect(await left.waitForLine { $0.hasSuffix("count: 1") })
    left.write("quit\n")
    right.write("quit\n")
    #expect(await left.finish() == 0)
    #expect(await right.finish() == 0)
    #expect(try String(contentsOfFile: state, encoding: .utf8) == "1")
  }

  @Test func theTourNeverKeepsItsCount() async throws {
    let result = try await BraidDemoProcessTests.run(["counter", "--state", folder + "/counter.json"])
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("braid-demo: --state is for --interactive: the scripted tour never keeps its count"))
    #expect(!FileManager.default.fileExists(atPath: folder))
  }
}
