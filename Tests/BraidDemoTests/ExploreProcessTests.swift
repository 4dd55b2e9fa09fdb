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
}
