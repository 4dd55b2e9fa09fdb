import BraidTestSupport
import Foundation
import Testing

/// `braid-demo explore`, as a user runs it.
struct ExploreProcessTests {
  typealias Demo = BraidDemoProcessTests

  @Test func anExampleKeepsItsRulesAndTheCoverageIsPrinted() async throws {
    let result = try await Demo.run(["explore", "signup", "--seed", "3", "--steps", "2000"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.hasPrefix("seed 3: 2000 step(s) in 50 walk(s), no violation\n"), "\(result.output)")
    #expect(result.output.contains("\ncreateButtonTapped "))
    #expect(result.output.contains("never occurred: none"))
    // The same seed, the same run.
    let again = try await Demo.run(["explore", "signup", "--seed", "3", "--steps", "2000"])
    #expect(again.output == result.output)
  }

  @Test func aWrongExampleOrFlagIsAUsageError() async throws {
    let unknown = try await Demo.run(["explore", "nothing"])
    #expect(unknown.status == 64)
    #expect(unknown.error.hasPrefix("braid-demo: no example 'nothing' to explore: counter, signup or location"))
    let steps = try await Demo.run(["explore", "counter", "--steps", "0"])
    #expect(steps.status == 64)
    #expect(steps.error.hasPrefix("braid-demo: --steps needs a number (1 or more)"))
  }

  @Test func theStateMachineIsWrittenAsMermaidAndDotIntoNewFiles() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-explore-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let mermaid = folder.appendingPathComponent("counter.mmd").path
    let dot = folder.appendingPathComponent("counter.dot").path
    let result = try await Demo.run(["explore", "counter", "--steps", "500", "--mermaid", mermaid, "--dot", dot])
    #expect(result.status == 0, "\(result.error)")
    let diagram = try String(contentsOfFile: mermaid, encoding: .utf8)
    #expect(diagram.hasPrefix("stateDiagram-v2\n  state \"timer off\" as s0\n"), "\(diagram)")
    #expect(try String(contentsOfFile: dot, encoding: .utf8).hasPrefix("digraph \"Counter\" {\n"))
    // An existing file is never overwritten.
    let again = try await Demo.run(["explore", "counter", "--steps", "500", "--mermaid", mermaid])
    #expect(again.status == 1)
    #expect(again.error.hasPrefix("braid-demo: cannot write \(mermaid)"), "\(again.error)")
  }
}
