import Foundation

/// The tools on a catalog of your own features: list them, replay a trace of one, step through
/// it, draw its timeline, emit a test from it, and explore the feature against its rules.
///
/// A tool executable of your own is a catalog and one call:
///
/// ```swift
/// import BraidTools
/// import TimerFeature
///
/// @main enum Tools {
///   static func main() async {
///     await BraidTools.main(catalog: FeatureCatalog([TimerFeature.catalogEntry]))
///   }
/// }
/// ```
///
/// Exit statuses: 0 on success; 1 when a replay diverges, an exploration breaks a rule, or a
/// command fails (one line on standard error); 64 for a usage error (the usage follows).
public enum BraidTools {
  /// The `features`, `replay` and `explore` commands on `catalog`.
  ///
  /// - Parameters:
  ///   - catalog: The features.
  ///   - toolName: The executable's name, for synopses, advice and emitted tests' headers.
  /// - Returns: The commands, in that order.
  @MainActor
  public static func commands(catalog: FeatureCatalog, toolName: String) -> [ToolCommand] {
    let explorable = catalog.explorable.map(\.commandName).joined(separator: "|")
    let indent = String(repeating: " ", count: "usage: \(toolName) explore ".count)
    return [
      ToolCommand(
        name: "features", synopsis: "\(toolName) features",
        options: "  features           list the features: which replay, which explore (and run their effects)"
      ) { arguments, printUsage throws(CommandError) in
        if arguments == ["--help"] || arguments == ["-h"] {
          printUsage()
          return 0
        }
        guard arguments.isEmpty else { throw .usage("features takes no arguments") }
        print(featureList(catalog))
        return 0
      },
      ToolCommand(
        name: "replay",
        synopsis: "\(toolName) replay FILE [--at N | --step | --emit-test [--test-name NAME] | --html FILE [--force]]",
        options: ReplayTool.usage
      ) { arguments, printUsage throws(CommandError) in
        try await ReplayTool.run(arguments: arguments, catalog: catalog, toolName: toolName, printUsage: printUsage)
      },
      ToolCommand(
        name: "explore",
        synopsis: """
          \(toolName) explore \(explorable.isEmpty ? "FEATURE" : explorable) [--seed S] [--steps N] [--run-effects] \
          [--trace FILE]
          \(indent)[--examples DIR] [--mermaid FILE] [--dot FILE] [--html FILE] [--force]
          """,
        options: ExploreTool.usage(catalog)
      ) { arguments, printUsage throws(CommandError) in
        try await ExploreTool.run(arguments: arguments, catalog: catalog, toolName: toolName, printUsage: printUsage)
      },
    ]
  }

  /// The Swift Testing test of the session recorded at `path`, as `replay FILE --emit-test`
  /// prints it: a `TestStore` with described effects, each recorded step asserted.
  ///
  /// - Parameters:
  ///   - path: The trace.
  ///   - testName: The emitted test function's name.
  ///   - catalog: The features; the trace's header names the one that recorded it.
  ///   - toolName: The tool's name, for the emitted file's header.
  /// - Returns: The source of one Swift file.
  /// - Throws: ``CommandError/runtime(_:)`` naming the trace and the line for a trace that cannot
  ///   be read, replayed or expressed as a test, or one of a feature not in `catalog`.
  @MainActor
  public static func emittedTest(
    ofTrace path: String, testName: String, catalog: FeatureCatalog, toolName: String
  ) throws(CommandError) -> String {
    try ReplayTool.emittedTest(ofTrace: path, testName: testName, catalog: catalog, toolName: toolName)
  }

  /// One line per feature: its name, its other names, and what the tools do with it.
  @MainActor
  static func featureList(_ catalog: FeatureCatalog) -> String {
    catalog.entries.map { entry in
      var line = entry.name
      if !entry.aliases.isEmpty { line += " (\(entry.aliases.joined(separator: ", ")))" }
      var can = ["replay"]
      if entry.explore != nil { can.append(entry.runsEffects ? "explore (--run-effects too)" : "explore") }
      return line + ": " + can.joined(separator: ", ")
    }.joined(separator: "\n")
  }

  /// Runs the command `arguments` name on `catalog` and exits with its status.
  ///
  /// - Parameters:
  ///   - catalog: The features.
  ///   - arguments: The command and its arguments; the process's own by default.
  ///   - toolName: The executable's name; the last part of the process's path by default.
  @MainActor
  public static func main(
    catalog: FeatureCatalog,
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    toolName: String = (CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "tools")
  ) async -> Never {
    exit(await run(arguments, catalog: catalog, toolName: toolName))
  }

  /// Runs the command `arguments` name on `catalog`, printing what it prints, its errors to
  /// standard error; returns its exit status instead of exiting.
  @MainActor
  public static func run(_ arguments: [String], catalog: FeatureCatalog, toolName: String) async -> Int32 {
    let commands = commands(catalog: catalog, toolName: toolName)
    let usage =
      commands.enumerated().map { ($0 == 0 ? "usage: " : "       ") + $1.synopsis }.joined(separator: "\n")
      + "\n\n" + commands.map(\.options).joined(separator: "\n")
    guard let name = arguments.first else {
      write(usage, toError: true)
      return 64
    }
    if ["help", "--help", "-h"].contains(name) {
      guard arguments.count > 1 else {
        write(usage, toError: false)
        return 0
      }
      guard let command = commands.first(where: { $0.name == arguments[1] }) else {
        write("\(toolName): no command '\(arguments[1])'\n\n\(usage)", toError: true)
        return 64
      }
      write(command.help, toError: false)
      return 0
    }
    guard let command = commands.first(where: { $0.name == name }) else {
      write("\(toolName): unknown command '\(name)'\n\n\(usage)", toError: true)
      return 64
    }
    do {
      return try await command.run(Array(arguments.dropFirst())) { write(command.help, toError: false) }
    } catch {
      switch error.kind {
      case .usage:
        write(
          "\(toolName): \(error.message)\n\nusage: \(command.synopsis)\nRun '\(toolName) \(name) --help' for more.",
          toError: true)
      case .runtime:
        write("\(toolName): \(error.message)", toError: true)
      }
      return error.exitStatus
    }
  }

  private static func write(_ text: String, toError: Bool) {
    (toError ? FileHandle.standardError : FileHandle.standardOutput).write(Data((text + "\n").utf8))
  }
}
