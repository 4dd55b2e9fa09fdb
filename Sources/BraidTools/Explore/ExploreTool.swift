import Braid
import BraidExploration
import Foundation

/// `explore NAME`: walks a catalog entry's feature with seeded random steps against its rules,
/// prints what the walks covered, and on a violation the shrunk steps that break it.
@MainActor
enum ExploreTool {
  /// The command's lines of a tool's usage text, naming the catalog's explorable features.
  static func usage(_ catalog: FeatureCatalog) -> String {
    let names = FeatureCatalog.list(catalog.explorable.map(\.commandName))
    let runners = catalog.explorable.filter(\.runsEffects).map(\.commandName)
    let running = runners.isEmpty ? "no feature here" : FeatureCatalog.list(runners) + " only"
    let intro = "explore \(names): seeded random steps against its rules"
    return """
        explore FEATURE    \(intro)
          --seed S         the seed (default 0); the same seed gives the same run everywhere
          --steps N        how many steps in all (default 10000)
          --run-effects    \(running): run its effects on the walk's test clock, with time
                           passing as a step, instead of answering them
          --trace FILE     save a counterexample into a new trace file (see replay)
          --examples DIR   rerun the counterexamples saved in DIR first; save a new one there
          --mermaid FILE   write the state machine the walks observed as a Mermaid diagram
          --dot FILE       write it as a Graphviz digraph
          --html FILE      write a self-contained report: the graph, the coverage, the counterexample
                           (each output file is new and readable by its owner only)
          --force          replace a --trace, --mermaid, --dot or --html file that already exists
      """
  }

  /// Runs the command with the arguments that follow `explore`.
  ///
  /// - Parameters:
  ///   - arguments: The feature's name and the command's flags.
  ///   - catalog: The features that can be explored.
  ///   - toolName: The tool's name, for the replay advice and an emitted test's header.
  ///   - printUsage: Prints the tool's usage text; called for `--help`.
  /// - Returns: 0 when every rule held, 1 when one was broken (the steps are printed).
  /// - Throws: ``CommandError``: a usage error for an unknown feature or flag; a runtime error
  ///   for a trace file that cannot be written.
  static func run(
    arguments: [String], catalog: FeatureCatalog, toolName: String, printUsage: () -> Void
  ) async throws(CommandError) -> Int32 {
    var arguments = arguments
    var example: String?
    var seed: UInt64 = 0
    var steps = 10_000
    var tracePath: String?
    var graphPaths = GraphPaths()
    var examples: ExplorationExamples?
    var runsEffects = false
    var force = false
    while !arguments.isEmpty {
      let argument = arguments.removeFirst()
      switch argument {
      case "--help", "-h":
        printUsage()
        return 0
      case "--seed":
        guard let value = arguments.first.flatMap(UInt64.init) else {
          throw .usage("--seed needs a number (0 or more)")
        }
        arguments.removeFirst()
        seed = value
      case "--steps":
        guard let value = arguments.first.flatMap(Int.init), value > 0 else {
          throw .usage("--steps needs a number (1 or more)")
        }
        arguments.removeFirst()
        steps = value
      case "--mermaid", "--dot", "--html":
        guard let value = arguments.first, !value.hasPrefix("-") else { throw .usage("\(argument) needs a file") }
        arguments.removeFirst()
        switch argument {
        case "--dot": graphPaths.dot = value
        case "--html": graphPaths.html = value
        default: graphPaths.mermaid = value
        }
      case "--run-effects":
        runsEffects = true
      case "--force":
        force = true
      case "--examples":
        guard let value = arguments.first, !value.hasPrefix("-") else { throw .usage("--examples needs a folder") }
        arguments.removeFirst()
        examples = ExplorationExamples(directory: value)
      case "--trace":
        guard let value = arguments.first, !value.hasPrefix("-") else { throw .usage("--trace needs a file") }
        arguments.removeFirst()
        tracePath = value
      default:
        guard !argument.hasPrefix("-"), example == nil else { throw .usage("unknown option '\(argument)'") }
        example = argument
      }
    }
    let names = FeatureCatalog.list(catalog.explorable.map(\.commandName))
    guard let example else { throw .usage("explore needs a feature: \(names)") }
    guard let entry = catalog.entry(named: example), let explore = entry.explore else {
      throw .usage("no feature '\(example)' to explore: \(names)")
    }
    if runsEffects, !entry.runsEffects {
      let runners = catalog.explorable.filter(\.runsEffects).map(\.commandName)
      guard !runners.isEmpty else {
        throw .usage("--run-effects: no feature here has an exploration that runs its effects")
      }
      throw .usage("--run-effects is for \(FeatureCatalog.list(runners)) only")
    }
    let run = Run(
      seed: seed, steps: steps, tracePath: tracePath, graphPaths: graphPaths, examples: examples,
      runsEffects: runsEffects, replacesFiles: force, catalog: catalog, toolName: toolName)
    do {
      return try await explore(run)
    } catch let error as CommandError {
      throw error
    } catch {
      throw .runtime("\(error)")
    }
  }

  /// Where to write the state machine, if anywhere.
  struct GraphPaths {
    var mermaid: String?
    var dot: String?
    var html: String?

  }

  /// One exploration as the command runs it.
  @MainActor
  struct Run {
    let seed: UInt64
    let steps: Int
    let tracePath: String?
    let graphPaths: GraphPaths
    let examples: ExplorationExamples?
    /// Whether the exploration runs its effects (`--run-effects`). A saved counterexample is
    /// printed as a `TestStore` test only when it does not: an emitted test has described
    /// effects, and does not advance a clock.
    let runsEffects: Bool
    /// Whether output files that exist already are replaced (`--force`).
    let replacesFiles: Bool
    /// The catalog, to emit the counterexample's test through.
    let catalog: FeatureCatalog
    let toolName: String

    func explore<State, Action: Codable>(
      _ exploration: Exploration<State, Action>, entry feature: String, node: @escaping (State) -> String
    ) async throws(CommandError) -> Int32 {
      // Always drawn: its nodes are the states found that the progress line counts.
      let exploration = exploration.graphing(node)
      let showsProgress = isatty(2) != 0
      let progress: (ExplorationProgress) -> Void = { progress in
        guard showsProgress else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[Kexploring \(feature): \(progress)".utf8))
      }
      let report: ExplorationReport<State, Action>
      if let examples {
        do {
          report = try await exploration.run(seed: seed, steps: steps, examples: examples, progress: progress)
        } catch {
          throw .runtime("cannot save the counterexample in \(examples.directory): \(error.localizedDescription)")
        }
      } else {
        report = await exploration.run(seed: seed, steps: steps, progress: progress)
      }
      if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
      print(report)
      if let graph = report.graph {
        try write(graph.mermaid(), to: graphPaths.mermaid)
        try write(graph.dot(name: feature), to: graphPaths.dot)
      }
      if graphPaths.html != nil {
        try write(await exploration.html(of: report, title: "Exploring \(feature)"), to: graphPaths.html)
      }
      // Every file asked for is accounted for: what was written, and what was not and why.
      if let examples {
        let directory = examples.directory
        switch report.counterexample {
        case nil: print("no rule broke: no counterexample added to \(directory)")
        case _? where report.walks == 0:
          print("a counterexample saved in \(directory) broke a rule again; it stays there")
        case _?: print("saved the counterexample in \(directory): it is rerun first from now on")
        }
      }
      guard let counterexample = report.counterexample else {
        if let tracePath { print("no rule broke: no counterexample to save, \(tracePath) not written") }
        return 0
      }
      if let tracePath {
        let descriptor = try OutputFile.create(tracePath, replacing: replacesFiles)
        do {
          try await exploration.recordTrace(
            of: counterexample.steps, feature: feature, into: .file(descriptor: descriptor, path: tracePath))
        } catch {
          throw .runtime("\(error)")
        }
        print("saved the counterexample to \(tracePath): \(toolName) replay \(tracePath) --step")
        guard !runsEffects else {
          print("(its effects ran on a test clock: an emitted TestStore test would not advance it, so none is printed)")
          return 1
        }
        // The counterexample as a TestStore test of the feature as it is now, ready to paste.
        print(
          try ReplayTool.emittedTest(
            ofTrace: tracePath, testName: "explored\(feature)Counterexample", catalog: catalog, toolName: toolName))
      }
      return 1
    }

    /// Writes `text` to a new file at `path`, if there is one (see `OutputFile`).
    private func write(_ text: String, to path: String?) throws(CommandError) {
      guard let path else { return }
      try OutputFile.write(text, to: path, replacing: replacesFiles)
    }
  }
}
