import Braid
import Foundation
import SignUpExample

/// `braid-demo`: Braid's features in a terminal.
@main
enum BraidDemo {
  static let usage = """
    usage: braid-demo signup [--database PATH] [--script FILE|-]

      signup             the sign-up form of the seed articles, on a SQLite user directory
        --database PATH  the database (default: $BRAID_USERS_DB or ~/.local/share/braid/users.sqlite)
        --script FILE    run the events in FILE (or - for standard input) and print the screen;
                         without a terminal, events are read from standard input
                         events: type FIELD TEXT, clear FIELD, wait 400ms, submit, dismiss, show
                         fields: username, email, password, verification
      --help             this text
    """

  static func main() async {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let command = arguments.first, command != "--help", command != "-h" else {
      print(usage)
      return
    }
    arguments.removeFirst()
    guard command == "signup" else { fail("unknown command '\(command)'") }
    var databasePath = UserDirectory.defaultDatabasePath
    var scriptPath: String?
    while !arguments.isEmpty {
      let flag = arguments.removeFirst()
      switch flag {
      case "--database", "--script":
        guard !arguments.isEmpty else { fail("\(flag) needs a value") }
        let value = arguments.removeFirst()
        if flag == "--database" { databasePath = value } else { scriptPath = value }
      case "--help", "-h":
        print(usage)
        return
      default:
        fail("unknown option '\(flag)'")
      }
    }
    let directory = UserDirectory.live(path: databasePath)
    // Without a terminal there is no one to type: read the events from standard input instead.
    if scriptPath == nil, isatty(0) == 0 { scriptPath = "-" }
    if let scriptPath {
      await runScript(scriptPath, directory: directory)
    } else {
      let form = InteractiveSignUp(directory: directory)
      await form.run()
      withExtendedLifetime(form) {}
    }
  }

  static func runScript(_ path: String, directory: UserDirectory) async {
    let text: String
    if path == "-" {
      var lines: [String] = []
      while let line = readLine() { lines.append(line) }
      text = lines.joined(separator: "\n")
    } else {
      guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
        fail("cannot read script '\(path)'")
      }
      text = contents
    }
    do {
      let screen = try await ScriptedSignUp(directory: directory).run(lines: text.components(separatedBy: "\n"))
      print(screen)
    } catch {
      fail("script \(error)")
    }
  }

  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("braid-demo: \(message)\n\n\(usage)\n".utf8))
    exit(64)
  }
}
