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

  /// Replayed in time, the form's debounce runs on the replay's test clock: the lookup it
  /// delays starts when the recording's did, at 300 ms.
  @Test func theSignUpTraceReplaysInTimeAgainstTheFormAsItIs() async throws {
    let divergence = try await TraceTimingCheck.check(path: Self.trace, feature: SignUpForm()) {
      $0.userDirectory = .noop
    }
    #expect(divergence == nil, "\(divergence.map(String.init(describing:)) ?? "")")
  }

  /// A debounce on a clock of its own is the same debounce by its parts, so the plain replay
  /// passes it; replayed in time, its wait never ends, and the lookup does not start at 300 ms.
  @Test func aFormThatDebouncesOnAClockOfItsOwnDivergesInTime() async throws {
    let mutant = EmittedTestsCatchMutantsTests.DebouncesOnAClockOfItsOwn()
    var replay = try TraceReplay(path: Self.trace, feature: mutant) { $0.userDirectory = .noop }
    guard case .verified = try replay.verify() else {
      Issue.record("the plain replay was meant to pass this mutant")
      return
    }
    let divergence = try await TraceTimingCheck.check(path: Self.trace, feature: mutant) { $0.userDirectory = .noop }
    let found = try #require(divergence)
    #expect(found.step == 1 && found.line == 7)
    #expect(found.action?.contains("usernameChanged") == true)
    #expect(
      found.reason
        == "the recording started effect 1.1 (run under availability) at 300 ms, as its wait (debounce 0.3 seconds) ended; the replay started none by then"
    )
  }

  /// The restart the plain replay already catches by its parts fails the timed replay too.
  @Test func aFormThatRestartsInsteadOfDebouncingDivergesInTime() async throws {
    let divergence = try await TraceTimingCheck.check(
      path: Self.trace, feature: EmittedTestsCatchMutantsTests.RestartsInsteadOfDebouncing()
    ) { $0.userDirectory = .noop }
    let found = try #require(divergence)
    #expect(found.step == 1)
    #expect(found.reason.contains("debounce 0.3 seconds"))
  }
}
