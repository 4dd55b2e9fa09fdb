import Braid
import BraidExploration
import BraidTrace

/// One feature the tools can replay, emit tests for, draw and explore: its name, how to make
/// its reducer (as a value and as Swift source), the dependencies it needs while reducing, and
/// optionally its exploration.
///
/// ```swift
/// CatalogEntry(
///   "Timer", module: "TimerFeature", reducer: "TimerFeature()", { TimerFeature() },
///   dependencies: DependencySetup("$0.continuousClock = ImmediateClock()") {
///     $0.continuousClock = ImmediateClock()
///   },
///   exploration: TimerExploration.exploration)
/// ```
///
/// The state and action are `Codable`, as recording requires: a trace holds them as JSON.
@MainActor
public struct CatalogEntry {
  /// The name a trace of the feature carries in its header (the `feature:` a recording was
  /// made with), and the name the tools take on the command line.
  public let name: String
  /// Other names the command line takes for it (compared ignoring case, as ``name`` is).
  public let aliases: [String]
  /// Does one replay mode with a trace of this feature; returns the exit status, and the
  /// emitted test for `.emit`.
  let replay: (ReplayTool.Mode, _ trace: String, _ shownAs: String) throws -> (status: Int32, test: String?)
  /// Replays a trace of this feature in time (`TraceTimingCheck`): the first divergence, if any.
  let checkTiming: (_ trace: String) async throws -> TraceTimingCheck.Divergence?
  /// Runs the explore command on the feature, when it has an exploration; throws only
  /// ``CommandError``s.
  let explore: ((ExploreTool.Run) async throws -> Int32)?
  /// Whether the feature's exploration can run its effects (`--run-effects`).
  public let runsEffects: Bool
  /// The modules a test emitted for the feature imports besides `Braid`, `BraidTesting`,
  /// `Foundation` and `Testing`: the feature's module, then those its dependency setup needs.
  /// A package that compiles emitted tests depends on a product holding each.
  public let testImports: [String]

  /// An entry.
  ///
  /// - Parameters:
  ///   - name: The feature's name, as its traces' headers give it.
  ///   - aliases: Other names for the command line (`counter` for `Counter`).
  ///   - module: The module that defines the reducer, for emitted tests' imports.
  ///   - reducer: The Swift expression that makes the reducer, for emitted tests.
  ///   - feature: Makes the reducer.
  ///   - dependencies: What the reducer needs while it reduces.
  ///   - exploration: How `explore` walks the feature; `nil` when it cannot be explored.
  public init<Feature: Reducer>(
    _ name: String,
    aliases: [String] = [],
    module: String,
    reducer: String,
    _ feature: @escaping () -> Feature,
    dependencies: DependencySetup = .none,
    exploration: FeatureExploration<Feature.State, Feature.Action>? = nil
  ) where Feature.State: Codable, Feature.Action: Codable & Sendable {
    self.name = name
    self.aliases = aliases
    self.testImports = [module] + dependencies.imports
    self.replay = { mode, trace, shownAs in
      try ReplayTool.perform(
        mode, path: trace, name: shownAs, feature: feature(),
        emitted: (imports: [module] + dependencies.imports, reducer: reducer, statements: dependencies.statements),
        dependencies: dependencies.apply)
    }
    self.checkTiming = { trace in
      try await TraceTimingCheck.check(path: trace, feature: feature(), withDependencies: dependencies.apply)
    }
    self.runsEffects = exploration?.runningEffects != nil
    self.explore = exploration.map { exploration in
      { run in
        let made = run.runsEffects ? exploration.runningEffects?() : exploration.exploration()
        guard let made else {
          throw CommandError.usage("--run-effects: \(name)'s exploration does not run its effects")
        }
        return try await run.explore(made, entry: name, node: exploration.node)
      }
    }
  }

  /// Whether `name` names this entry on the command line.
  func isNamed(_ name: String) -> Bool {
    ([self.name] + aliases).contains { $0.lowercased() == name.lowercased() }
  }

  /// The name the command line shows for the entry: its first alias, or its name.
  var commandName: String { aliases.first ?? name }
}
