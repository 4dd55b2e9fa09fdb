import Braid
import BraidRecording
import DemoCommandLine
import Foundation
import SignUpFeature
import UserDirectoryClient

/// `braid-demo replay FILE`: replays a trace recorded with `--record` against the feature's
/// reducer as it is now, and reports the first action whose state differs.
public enum ReplayCommand {
  /// The command's lines of the demo's usage text.
  public static let usage = """
      replay FILE        replay a trace recorded with --record against the feature as built now:
                         exit 0 when every action reaches its recorded state, 1 with the first
                         divergence (its step, action and diff) otherwise
        --at N           print the state after action N (0: the initial state) instead
        --emit-test      print a Swift Testing test of the recorded session instead: a
                         TestStore with described effects, each recorded step asserted
        --test-name NAME the emitted test's name (default recordedSession)
    """

  /// Runs the command with the arguments that follow `replay`.
  ///
  /// - Parameters:
  ///   - arguments: The trace's path and the command's flags.
  ///   - printUsage: Prints the demo's whole usage text; called for `--help`.
  /// - Returns: The exit status: 0 when the trace replays, 1 when it diverges.
  /// - Throws: ``CommandError``: a usage error for a missing path or a bad flag; a runtime
  ///   error for a trace that cannot be read or replayed (its message names the line).
  @MainActor
  public static func run(arguments: [String], printUsage: () -> Void) throws(CommandError) -> Int32 {
    var arguments = arguments
    var path: String?
    var step: Int?
    var emitsTest = false
    var testName = "recordedSession"
    while !arguments.isEmpty {
      let argument = arguments.removeFirst()
      switch argument {
      case "--help", "-h":
        printUsage()
        return 0
      case "--at":
        guard let value = arguments.first, let number = Int(value), number >= 0 else {
          throw .usage("--at needs a step number (0 or more)")
        }
        arguments.removeFirst()
        step = number
      case "--emit-test":
        emitsTest = true
      case "--test-name":
        guard let value = arguments.first, isIdentifier(value) else {
          throw .usage("--test-name needs a Swift identifier")
        }
        arguments.removeFirst()
        testName = value
      default:
        guard !argument.hasPrefix("-") || argument == "-" else { throw .usage("unknown option '\(argument)'") }
        guard path == nil else { throw .usage("one trace at a time (got '\(argument)' too)") }
        path = argument
      }
    }
    guard let path else { throw .usage("replay needs the trace file") }
    if emitsTest {
      guard step == nil else { throw .usage("--emit-test and --at cannot go together") }
      print(try emittedTest(ofTrace: path, testName: testName), terminator: "")
      return 0
    }
    return try replaying(path) { replay in try report(&replay, at: step, path: path) }
  }

  /// The Swift Testing test of the session recorded at `path`, as `--emit-test` prints it (see
  /// `TraceTestEmitter`).
  ///
  /// - Parameters:
  ///   - path: The trace.
  ///   - testName: The emitted test function's name.
  /// - Returns: The source of one Swift file.
  /// - Throws: ``CommandError/runtime(_:)`` naming the trace and the line for a trace that cannot
  ///   be read, replayed or expressed as a test.
  public static func emittedTest(ofTrace path: String, testName: String) throws(CommandError) -> String {
    try replaying(path) { (_: inout TraceReplay<SignUpForm>) throws in
      try TraceTestEmitter(
        testName: testName, imports: ["SignUpFeature", "UserDirectoryClient"], reducer: "SignUpForm()",
        dependencies: ["$0.userDirectory = .noop"],
        header: [
          // Its JSON lines are as long as the values they hold.
          "swift-format-ignore-file",
          "Emitted by `braid-demo replay \((path as NSString).lastPathComponent) --emit-test`.",
          "Regenerate it rather than edit it.",
        ]
      ).emit(path: path, feature: SignUpForm(), withDependencies: signUpDependencies)
    }
  }

  /// The form's reducer captures the directory for its effects; effects are not run.
  private static func signUpDependencies(_ values: inout DependencyValues) {
    values.userDirectory = .noop
  }

  /// Opens the trace at `path` with the feature that recorded it and hands the replay to
  /// `body`; turns every error into a ``CommandError`` naming the trace.
  private static func replaying<Result>(
    _ path: String, _ body: (inout TraceReplay<SignUpForm>) throws -> Result
  ) throws(CommandError) -> Result {
    do {
      let header = try TraceHeader.read(path: path)
      guard header.feature == "SignUp" else {
        throw CommandError.runtime("\(path): a trace of \(header.feature), which this demo cannot replay")
      }
      var replay = try TraceReplay(path: path, feature: SignUpForm(), withDependencies: signUpDependencies)
      return try body(&replay)
    } catch let error as TraceError {
      throw .runtime("\(path): \(error)")
    } catch let error as CommandError {
      throw error
    } catch {
      throw .runtime("\(path): \(error)")
    }
  }

  private static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
    return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
  }

  private static func report<Feature>(
    _ replay: inout TraceReplay<Feature>, at step: Int?, path: String
  ) throws -> Int32 {
    if let step {
      guard try replay.jump(to: step) else {
        throw CommandError.runtime("\(path): the trace has \(replay.step) action(s); there is no step \(step)")
      }
      print(ValueDump.dump(replay.state))
      return 0
    }
    switch try replay.verify() {
    case .verified(let steps, let endedMidLine):
      print("verified: \(steps) action(s) reach their recorded states")
      if endedMidLine { print("the trace's last line was cut off (a recording killed mid-write); replayed up to it") }
      return 0
    case .diverged(let divergence):
      print(divergence)
      return 1
    }
  }
}
