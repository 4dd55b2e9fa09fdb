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

  /// Everything of a walk runs on the main actor in a defined order, effects included: the
  /// machine's processors cannot change a run.
  @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount >= 2, "needs two processors"))
  func oneSeedGivesOneRunOnOneProcessorAndOnTwo() async throws {
    for arguments in [
      ["explore", "signup", "--run-effects", "--seed", "9", "--steps", "3000"],
      ["explore", "counter", "--seed", "9", "--steps", "3000"],
    ] {
      let one = try await Demo.run(arguments, cpus: "0")
      let two = try await Demo.run(arguments, cpus: "0,1")
      #expect(one.status == 0 && two.status == 0, "\(one.error) \(two.error)")
      #expect(one.output.hasPrefix("seed 9: 3000 step(s)"), "\(one.output)")
      #expect(one.output == two.output)
    }
  }

  @Test func effectsRunWhenAsked() async throws {
    let result = try await Demo.run(["explore", "signup", "--run-effects", "--seed", "3", "--steps", "2000"])
    #expect(result.status == 0, "\(result.error)")
    // Fed back by the debounced check itself, on the walk's clock, never answered by the walk.
    let row = result.output.split(separator: "\n").first { $0.hasPrefix("availabilityChecked ") }
    let counts = row?.split(separator: " ").dropFirst().compactMap { Int($0) } ?? []
    #expect(counts.count == 2 && counts[0] == 0 && counts[1] > 0, "\(result.output)")
    // The counter's timer ticks on the walk's clock too; the location tracker has no running
    // exploration.
    let counter = try await Demo.run(["explore", "counter", "--run-effects", "--seed", "3", "--steps", "2000"])
    #expect(counter.status == 0, "\(counter.error)")
    let ticks = counter.output.split(separator: "\n").first { $0.hasPrefix("timerTicked ") }
    let tickCounts = ticks?.split(separator: " ").dropFirst().compactMap { Int($0) } ?? []
    #expect(tickCounts.count == 2 && tickCounts[0] == 0 && tickCounts[1] > 0, "\(counter.output)")
    let location = try await Demo.run(["explore", "location", "--run-effects"])
    #expect(location.status == 64)
    #expect(
      location.error.hasPrefix("braid-demo: --run-effects is for counter or signup only"), "\(location.error)")
  }

  @Test func aWrongExampleOrFlagIsAUsageError() async throws {
    let unknown = try await Demo.run(["explore", "nothing"])
    #expect(unknown.status == 64)
    #expect(unknown.error.hasPrefix("braid-demo: no feature 'nothing' to explore: counter, signup or location"))
    let steps = try await Demo.run(["explore", "counter", "--steps", "0"])
    #expect(steps.status == 64)
    #expect(steps.error.hasPrefix("braid-demo: --steps needs a number (1 or more)"))
  }

  /// A run that breaks no rule writes no trace and saves no counterexample, and says so: before,
  /// it printed nothing about either, as if they had been written.
  @Test func aRunThatBreaksNoRuleSaysWhatItDidNotWrite() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-explore-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = folder.appendingPathComponent("counter.trace").path
    let examples = folder.appendingPathComponent("examples").path
    let result = try await Demo.run(
      ["explore", "counter", "--seed", "1", "--steps", "500", "--trace", trace, "--examples", examples])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("\nno rule broke: no counterexample added to \(examples)\n"), "\(result.output)")
    #expect(
      result.output.hasSuffix("no rule broke: no counterexample to save, \(trace) not written\n"), "\(result.output)")
    #expect(!FileManager.default.fileExists(atPath: trace))
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
    // An existing file is overwritten only with --force, and stays owner-only.
    let again = try await Demo.run(["explore", "counter", "--steps", "500", "--mermaid", mermaid])
    #expect(again.status == 1)
    #expect(
      again.error.hasPrefix("braid-demo: \(mermaid) already exists: pass --force to replace it"), "\(again.error)")
    try "old".write(toFile: mermaid, atomically: false, encoding: .utf8)
    let forced = try await Demo.run(["explore", "counter", "--steps", "500", "--mermaid", mermaid, "--force"])
    #expect(forced.status == 0, "\(forced.error)")
    #expect(try String(contentsOfFile: mermaid, encoding: .utf8) == diagram)
    let permissions = try FileManager.default.attributesOfItem(atPath: mermaid)[.posixPermissions] as? Int
    #expect(permissions == 0o600)
  }
}
