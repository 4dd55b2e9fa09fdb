import CounterCLI
import DemoCommandLine
import ExploreCLI
import Foundation
import LocationTrackerCLI
import ReplayCLI
import SignUpCLI
import UsersListCLI

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

  static let commands = [
    Command(
      name: "signup", synopsis: "braid-demo signup [--database PATH] [--script FILE|-] [--record FILE [--force]]",
      options: SignUpCommand.usage
    ) { arguments, printHelp in
      try await SignUpCommand.run(arguments: arguments, printUsage: printHelp)
    },
    Command(
      name: "counter", synopsis: "braid-demo counter [--interactive] [--record FILE [--force]]",
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
      name: "serve",
      synopsis: "braid-demo serve --port P [--host ADDRESS] [--database PATH | --postgres URL] [--record-dir DIR]",
      options: ServeCommand.usage
    ) { arguments, printHelp in
      try await ServeCommand.run(arguments: arguments, printUsage: printHelp)
      return 0
    },
    Command(
      name: "explore",
      synopsis: """
        braid-demo explore counter|signup|location [--seed S] [--steps N] [--run-effects] [--trace FILE]
                                   [--examples DIR] [--mermaid FILE] [--dot FILE] [--html FILE] [--force]
        """,
      options: ExploreCommand.usage
    ) { arguments, printHelp in
      try await ExploreCommand.run(arguments: arguments, printUsage: printHelp)
    },
    Command(
      name: "replay",
      synopsis: "braid-demo replay FILE [--at N | --step | --emit-test [--test-name NAME] | --html FILE [--force]]",
      options: ReplayCommand.usage
    ) {
      arguments, printHelp in
      try ReplayCommand.run(arguments: arguments, printUsage: printHelp)
    },
  ]

  /// Every command's synopsis and options: what `braid-demo help` prints.
  static var usage: String {
    let synopses = commands.enumerated().map { index, command in
      (index == 0 ? "usage: " : "       ") + command.synopsis
    }
    return
      (synopses + [""] + commands.map { $0.options } + [
        "",
        "Run 'braid-demo help COMMAND' or 'braid-demo COMMAND --help' for one command.",
      ]).joined(separator: "\n")
  }

  static func main() async {
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
