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
      default:
        guard !argument.hasPrefix("-") || argument == "-" else { throw .usage("unknown option '\(argument)'") }
        guard path == nil else { throw .usage("one trace at a time (got '\(argument)' too)") }
        path = argument
      }
    }
    guard let path else { throw .usage("replay needs the trace file") }
    do {
      let header = try TraceHeader.read(path: path)
      switch header.feature {
      case "SignUp":
        var replay = try TraceReplay(path: path, feature: SignUpForm()) {
          // The form's reducer captures the directory for its effects; effects are not run.
          $0.userDirectory = .noop
        }
        return try report(&replay, at: step, path: path)
      default:
        throw CommandError.runtime("\(path): a trace of \(header.feature), which this demo cannot replay")
      }
    } catch let error as TraceError {
      throw .runtime("\(path): \(error)")
    } catch let error as CommandError {
      throw error
    } catch {
      throw .runtime("\(path): \(error)")
    }
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
