import Braid
import BraidTrace
import Foundation

/// `replay FILE`: replays a trace against the reducer of the catalog's entry that recorded it,
/// as it is built now, and reports the first action whose state (or, replayed in time, whose
/// effects' starts) differ; or steps through it, prints one step's state, draws its timeline, or
/// emits a test of it.
@MainActor
enum ReplayTool {
  /// The command's lines of a tool's usage text.
  static let usage = """
      replay FILE        replay a trace recorded with --record against the feature as built now:
                         exit 0 when every action reaches its recorded state and returns the
                         effects the recording started (kinds, ids, debounce and throttle), and
                         (for a version 2 trace), with debounce and throttle waits run on a test
                         clock, every effect starts when the recording's did; 1 with the first
                         divergence (its step, action and diff) otherwise
        --at N           print the state after action N (0: the initial state) instead
        --step           step through the trace interactively: n (next action), p (previous),
                         j N (jump to step N), q (quit); each shows the action and the diff
        --emit-test      print a Swift Testing test of the recorded session instead: a
                         TestStore with described effects, each recorded step asserted
        --test-name NAME the emitted test's name (default recordedSession)
        --html FILE      write the trace's timeline as a page: each action with its diff, and
                         each effect's lane from its start to its finish or cancellation; a new
                         file readable by its owner only, as the trace is
        --force          replace an --html file that already exists
    """

  /// Runs the command with the arguments that follow `replay`.
  ///
  /// - Parameters:
  ///   - arguments: The trace's path and the command's flags.
  ///   - catalog: The features whose traces can be replayed.
  ///   - toolName: The tool's name, for the header of an emitted test.
  ///   - printUsage: Prints the tool's usage text; called for `--help`.
  /// - Returns: The exit status: 0 when the trace replays, 1 when it diverges.
  /// - Throws: ``CommandError``: a usage error for a missing path or a bad flag; a runtime
  ///   error for a trace that cannot be read or replayed (its message names the line).
  static func run(
    arguments: [String], catalog: FeatureCatalog, toolName: String, printUsage: () -> Void
  ) async throws(CommandError) -> Int32 {
    var arguments = arguments
    var path: String?
    var step: Int?
    var emitsTest = false
    var steps = false
    var htmlPath: String?
    var testName = "recordedSession"
    var force = false
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
      case "--step":
        steps = true
      case "--force":
        force = true
      case "--html":
        guard let value = arguments.first, !value.hasPrefix("-") else { throw .usage("--html needs a file") }
        arguments.removeFirst()
        htmlPath = value
      case "--test-name":
        guard let value = arguments.first else { throw .usage("--test-name needs a Swift identifier") }
        if let problem = TestName.problem(with: value) { throw .usage("--test-name \(problem)") }
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
      print(try emittedTest(ofTrace: path, testName: testName, catalog: catalog, toolName: toolName), terminator: "")
      return 0
    }
    if let htmlPath {
      guard step == nil, !steps else { throw .usage("--html goes with neither --at nor --step") }
      return try replay(path, .html(htmlPath, replacing: force), catalog: catalog).status
    }
    if steps {
      guard step == nil else { throw .usage("--step and --at cannot go together") }
      return try replay(path, .step, catalog: catalog).status
    }
    if let step { return try replay(path, .at(step), catalog: catalog).status }
    return try await verify(path, catalog: catalog)
  }

  /// The Swift Testing test of the session recorded at `path`, as `--emit-test` prints it (see
  /// `TraceTestEmitter`).
  ///
  /// - Parameters:
  ///   - path: The trace.
  ///   - testName: The emitted test function's name.
  ///   - catalog: The features whose traces can be replayed.
  ///   - toolName: The tool's name, for the emitted file's header.
  /// - Returns: The source of one Swift file.
  /// - Throws: ``CommandError/runtime(_:)`` naming the trace and the line for a trace that cannot
  ///   be read, replayed or expressed as a test.
  static func emittedTest(
    ofTrace path: String, testName: String, catalog: FeatureCatalog, toolName: String
  ) throws(CommandError) -> String {
    try replay(path, .emit(testName: testName, toolName: toolName), catalog: catalog).test ?? ""
  }

  /// What to do with a trace.
  enum Mode {
    case verify
    case at(Int)
    case step
    case emit(testName: String, toolName: String)
    case html(String, replacing: Bool)
  }

  /// Does `mode` with the trace at `path`, replayed by the catalog's entry named in its
  /// header; turns every error into a ``CommandError`` naming the trace.
  private static func replay(
    _ path: String, _ mode: Mode, catalog: FeatureCatalog
  ) throws(CommandError) -> (status: Int32, test: String?) {
    do {
      let (input, entry, _) = try open(path, catalog: catalog)
      return try withExtendedLifetime(input) { try entry.replay(mode, input.path, path) }
    } catch {
      throw commandError(error, path: path)
    }
  }

  /// Replays the trace at `path` as ``replay(_:_:catalog:)`` does with `.verify`, then, when
  /// every state was reached and the trace marks timing (format version 2), replays it in time
  /// (`TraceTimingCheck`): exit status 1 for the first effect started at another time.
  private static func verify(_ path: String, catalog: FeatureCatalog) async throws(CommandError) -> Int32 {
    do {
      let (input, entry, version) = try open(path, catalog: catalog)
      defer { withExtendedLifetime(input) {} }
      let status = try entry.replay(.verify, input.path, path).status
      guard status == 0, version >= 2 else { return status }
      if let divergence = try await entry.checkTiming(input.path) {
        print(divergence)
        return 1
      }
      print("verified in time: every effect starts when it did, the debounce and throttle waits run on a test clock")
      return 0
    } catch {
      throw commandError(error, path: path)
    }
  }

  /// Does `mode` with `feature`: `emitted` is how an emitted test makes it (its imports, the
  /// reducer's expression, the dependency statements), `dependencies` what it needs while
  /// reducing.
  static func perform<Feature: Reducer>(
    _ mode: Mode, path: String, name: String, feature: Feature,
    emitted: (imports: [String], reducer: String, statements: [String]),
    dependencies: @escaping (inout DependencyValues) -> Void
  ) throws -> (status: Int32, test: String?) where Feature.State: Codable, Feature.Action: Codable & Sendable {
    if case .emit(let testName, let toolName) = mode {
      let emitter = TraceTestEmitter(
        testName: testName, imports: emitted.imports, reducer: emitted.reducer, dependencies: emitted.statements,
        header: [
          // Its JSON lines are as long as the values they hold.
          "swift-format-ignore-file",
          "Emitted by `\(toolName) replay \((name as NSString).lastPathComponent) --emit-test`.",
          "Regenerate it rather than edit it.",
        ])
      return (0, try emitter.emit(path: path, feature: feature, withDependencies: dependencies))
    }
    var replay = try TraceReplay(path: path, feature: feature, withDependencies: dependencies)
    switch mode {
    case .step: return (try stepThrough(&replay) { readLine() }, nil)
    case .at(let step): return (try report(&replay, at: step, path: name), nil)
    case .html(let page, let replacing):
      let text = try TraceTimeline.html(path: path, feature: feature, withDependencies: dependencies)
      try OutputFile.write(text, to: page, replacing: replacing)
      print("wrote the timeline of \(name) to \(page)")
      return (0, nil)
    case .verify, .emit: return (try report(&replay, at: nil, path: name), nil)
    }
  }

  /// Steps through the trace on the commands `nextCommand` reads (`n`, `p`, `j N`, `q`),
  /// printing where each lands: the action and the change it made, or the change a move back or
  /// a jump made. Ends at `q` or at the end of the input.
  static func stepThrough<Feature>(
    _ replay: inout TraceReplay<Feature>, nextCommand: () -> String?
  ) throws -> Int32 {
    let help = "n: next action   p: previous   j N: jump to step N   q: quit"
    print("step 0: the initial state (\(help))")
    while let command = nextCommand() {
      let words = command.split(separator: " ", omittingEmptySubsequences: true)
      let before = replay.state
      switch (words.first, words.count) {
      case ("n"?, 1):
        guard let step = try replay.forward() else {
          print("the end of the trace: \(replay.step) action(s)\(replay.endedMidLine ? ", its last line cut off" : "")")
          continue
        }
        print(describe(step))
        printChange(from: step.before, to: step.after)
        if let mismatch = step.mismatch { print("  diverges from the recording: \(mismatch)") }
      case ("p"?, 1):
        guard try replay.back() else {
          print("already at step 0")
          continue
        }
        print(replay.current.map(describe) ?? "step 0: the initial state")
        printChange(from: before, to: replay.state)
      case ("j"?, 2):
        guard let target = Int(words[1]), target >= 0 else {
          print("j needs a step number (0 or more)")
          continue
        }
        let origin = replay.step
        guard try replay.jump(to: target) else {
          print("the trace has \(replay.step) action(s); there is no step \(target)")
          // Back where the jump started, which it ran past looking for the step.
          try replay.jump(to: origin)
          continue
        }
        print(replay.current.map(describe) ?? "step 0: the initial state")
        printChange(from: before, to: replay.state)
      case ("q"?, 1):
        return 0
      default:
        print(help)
      }
    }
    return 0
  }

  /// A step as `--step` names it: its number, its action, where the action came from, its line.
  private static func describe<Feature>(_ step: TraceReplay<Feature>.Step) -> String {
    "step \(step.number): \(ValueDump.dump(step.action)) (from \(step.origin), line \(step.line))"
  }

  private static func printChange<State>(from before: State, to after: State) {
    guard let diff = ValueDump.diff(before, after) else {
      print("  the state did not change")
      return
    }
    for line in diff.split(separator: "\n", omittingEmptySubsequences: false) { print("  \(line)") }
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
      if !replay.reachedRelease {
        print("the recording stops before its store was released (its process was killed?); replayed what it holds")
      }
      return 0
    case .diverged(let divergence):
      print(divergence)
      return 1
    }
  }
}
