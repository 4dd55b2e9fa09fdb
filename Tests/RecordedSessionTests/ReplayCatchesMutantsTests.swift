import Braid
import BraidTrace
import Foundation
import SignUpFeature
import Testing
import UserDirectoryClient

/// `replay` of the committed sign-up trace (format version 2) against a mutant of the form: a
/// check restarted at each keystroke instead of debounced leaves every state as recorded, and
/// replay still fails at the step whose effect is no longer the debounce the trace recorded.
@MainActor
@Suite struct ReplayCatchesMutantsTests {
  static let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Traces/signup.trace").path

  @Test func theSignUpTraceReplaysAgainstTheFormAsItIs() throws {
    var replay = try TraceReplay(path: Self.trace, feature: SignUpForm()) { $0.userDirectory = .noop }
    guard case .verified(let steps, _) = try replay.verify() else {
      Issue.record("the committed trace no longer replays")
      return
    }
    #expect(steps == 7)
  }

  @Test func aFormThatRestartsInsteadOfDebouncingDivergesAtTheFirstCheck() throws {
    var replay = try TraceReplay(
      path: Self.trace, feature: EmittedTestsCatchMutantsTests.RestartsInsteadOfDebouncing()
    ) { $0.userDirectory = .noop }
    guard case .diverged(let divergence) = try replay.verify() else {
      Issue.record("the mutant replayed as recorded")
      return
    }
    #expect(divergence.step == 1)
    #expect(divergence.action.contains("usernameChanged"))
    #expect(
      divergence.reason
        == "the recording started run under availability, debounce 0.3 seconds; the replayed reducer returns run under availability"
    )
  }
}
