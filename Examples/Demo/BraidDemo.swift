import AppCLI
import BraidTools
import CounterCLI
import CounterFeature
import CounterTools
import DemoCommandLine
import Foundation
import LocationTrackerCLI
import LocationTrackerFeature
import LocationTrackerTools
import SignUpCLI
import SignUpFeature
import SignUpTools
import UsersListCLI
import UsersListFeature
import UsersListTools

/// `braid-demo`: Braid's examples in a terminal, one subcommand per example.
///
/// This file only dispatches: each example's command lives in its own `CLI` target. Exit
/// statuses: 0 on success, 64 for a usage error (the usage follows the message), 1 for any
/// other failure (one line on standard error).
@main
enum BraidDemo {
  /// One subcommand: its name, its synopsis, its options, and how to run it.
  struct Command {
    let name: String
    let synopsis: String
    let options: String
    let run: @MainActor ([String], () -> Void) async throws -> Int32

    /// What `braid-demo help NAME` and `braid-demo NAME --help` print.
    var help: String { "usage: \(synopsis)\n\n\(options)" }
  }

  /// The demo's features under the tools (`features`, `replay`, `explore`): each example's
  /// catalog entry, kept beside its feature.
  @MainActor static let catalog = FeatureCatalog([
    Counter.catalogEntry, SignUpForm.catalogEntry, LocationTracker.catalogEntry, UsersList.catalogEntry,
  ])

  /// The examples' own commands, then the tools' commands on their catalog.
  @MainActor static let commands =
    exampleCommands
    + BraidTools.commands(catalog: catalog, toolName: "braid-demo").map { tool in
      Command(name: tool.name, synopsis: tool.synopsis, options: tool.options) { arguments, printHelp in
        try await tool.run(arguments, printHelp)
      }
    }

  private static let exampleCommands = [
    Command(
      name: "signup", synopsis: "braid-demo signup [--database PATH] [--script FILE|-] [--record FILE [--force]]",
      options: SignUpCommand.usage
    ) { arguments, printHelp in
      try await SignUpCommand.run(arguments: arguments, printUsage: printHelp)
    },
    Command(
      name: "counter", synopsis: "braid-demo counter [--interactive [--state FILE]] [--record FILE [--force]]",
      options: CounterCommand.usage
    ) {
      arguments, printHelp in
      try await CounterCommand.run(arguments: arguments, printUsage: printHelp)
      return 0
    },
    Command(
      name: "location",
      synopsis: """
        braid-demo location [--nmea FILE | --tcp HOST:PORT | --gpsd [HOST:PORT] | --serial DEVICE [--baud N]]
                                   [--speed N | --immediate] [--plain | --json] [--record FILE [--force]]
        """,
      options: LocationCommand.usage
    ) { arguments, printHelp in
      try await LocationCommand.run(arguments: arguments, printUsage: printHelp)
      return 0
    },
    Command(
      name: "users", synopsis: "braid-demo users [--database PATH] [--sections] [--plain] [--record FILE [--force]]",
      options: UsersCommand.usage
    ) { arguments, printHelp in
      try await UsersCommand.run(arguments: arguments, printUsage: printHelp)
      return 0
    },
    Command(
      name: "app", synopsis: "braid-demo app [--database PATH] [--nmea FILE] [--script FILE|-]",
      options: AppCommand.usage
    ) { arguments, printHelp in
      try await AppCommand.run(arguments: arguments, printUsage: printHelp)
      return 0
    },
    Command(
      name: "serve",
      synopsis: "braid-demo serve --port P [--host ADDRESS] [--database PATH | --postgres URL] [--record-dir DIR]",
      options: ServeCommand.usage
    ) { arguments, printHelp in
      try await ServeCommand.run(arguments: arguments, printUsage: printHelp)
      return 0
    },
  ]

  /// Every command's synopsis and options: what `braid-demo help` prints.
  @MainActor static var usage: String {
    let synopses = commands.enumerated().map { index, command in
      (index == 0 ? "usage: " : "       ") + command.synopsis
    }
    return
      (synopses + [""] + commands.map { $0.options } + [
        "",
        "Run 'braid-demo help COMMAND' or 'braid-demo COMMAND --help' for one command.",
      ]).joined(separator: "\n")
  }

  @MainActor static func main() async {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let name = arguments.first else {
      write(usage, to: .standardError)
      exit(64)
    }
    arguments.removeFirst()
    if ["help", "--help", "-h"].contains(name) {
      guard let topic = arguments.first else {
        write(usage, to: .standardOutput)
        return
      }
      guard let command = commands.first(where: { $0.name == topic }) else {
        usageError("no command '\(topic)'", usage: usage)
      }
      write(command.help, to: .standardOutput)
      return
    }
    guard let command = commands.first(where: { $0.name == name }) else {
      usageError("unknown command '\(name)'", usage: usage)
    }
    do {
      let status = try await command.run(arguments) { write(command.help, to: .standardOutput) }
      if status != 0 { exit(status) }
    } catch let error as CommandError {
      switch error.kind {
      case .usage:
        usageError(
          error.message, usage: "usage: \(command.synopsis)\nRun 'braid-demo \(command.name) --help' for more.")
      case .runtime:
        write("braid-demo: \(error.message)", to: .standardError)
        exit(error.exitStatus)
      }
    } catch {
      write("braid-demo: \(error)", to: .standardError)
      exit(1)
    }
  }

  /// Writes `message` and `usage` to standard error and exits with 64 (`EX_USAGE`).
  static func usageError(_ message: String, usage: String) -> Never {
    write("braid-demo: \(message)\n\n\(usage)", to: .standardError)
    exit(64)
  }

  static func write(_ text: String, to handle: FileHandle) {
    handle.write(Data((text + "\n").utf8))
  }
}
