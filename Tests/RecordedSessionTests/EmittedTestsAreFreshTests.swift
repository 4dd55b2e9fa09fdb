import Foundation
import ReplayCLI
import Testing

/// The tests in this target were emitted from the traces in `Traces/` (recorded with
/// `braid-demo signup --script Traces/signup.script --record Traces/signup.trace`). Emitting
/// them again must give the committed files byte for byte: a change to the emitter, the trace
/// format or the feature's types that would change them fails here until they are regenerated:
///
/// ```sh
/// swift run braid-demo replay Tests/RecordedSessionTests/Traces/signup.trace --emit-test \
///   --test-name recordedSignUpSession > Tests/RecordedSessionTests/RecordedSignUpSession.swift
/// ```
@Suite struct EmittedTestsAreFreshTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  @Test func theSignUpSessionsTestIsWhatTheEmitterWritesToday() throws {
    let trace = Self.directory.appendingPathComponent("Traces/signup.trace").path
    let committed = try String(
      contentsOf: Self.directory.appendingPathComponent("RecordedSignUpSession.swift"), encoding: .utf8)
    let emitted = try ReplayCommand.emittedTest(ofTrace: trace, testName: "recordedSignUpSession")
    #expect(emitted == committed)
  }
}
