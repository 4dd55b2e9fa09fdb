import CounterCLI
import Foundation
import LocationTrackerCLI
import SignUpCLI
import UsersListCLI

/// `braid-demo`: Braid's examples in a terminal, one subcommand per example.
///
/// This file only dispatches: each example's command lives in its own `CLI` target.
@main
enum BraidDemo {
  static let usage = """
    usage: braid-demo signup [--database PATH] [--script FILE|-]
           braid-demo counter [--interactive]
           braid-demo location [--nmea FILE | --tcp HOST:PORT | --gpsd [HOST:PORT] | --serial DEVICE [--baud N]]
                               [--speed N | --immediate] [--plain | --json]
           braid-demo users [--database PATH] [--sections] [--plain]
           braid-demo serve --port P [--host ADDRESS] [--database PATH]

    \(SignUpCommand.usage)
    \(CounterCommand.usage)
    \(LocationCommand.usage)
    \(UsersCommand.usage)
    \(ServeCommand.usage)
      --help             this text
    """

  static func main() async {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let command = arguments.first, command != "--help", command != "-h" else {
      print(usage)
      return
    }
    arguments.removeFirst()
    do {
      switch command {
      case "signup":
        let status = try await SignUpCommand.run(arguments: arguments) { print(usage) }
        if status != 0 { exit(status) }
      case "counter":
        try await CounterCommand.run(arguments: arguments) { print(usage) }
      case "location":
        try await LocationCommand.run(arguments: arguments) { print(usage) }
      case "users":
        try await UsersCommand.run(arguments: arguments) { print(usage) }
      case "serve":
        try await ServeCommand.run(arguments: arguments) { print(usage) }
      default:
        fail("unknown command '\(command)'")
      }
    } catch {
      fail(String(describing: error))
    }
  }

  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("braid-demo: \(message)\n\n\(usage)\n".utf8))
    exit(64)
  }
}
