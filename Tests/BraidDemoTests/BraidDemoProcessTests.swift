import BraidTestSupport
import Dispatch
import Foundation
import Testing

/// Runs the `braid-demo` executable as a process, as a user or CI would.
struct BraidDemoProcessTests {
  /// The built `braid-demo`, next to the test bundle.
  static var executable: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("braid-demo")
  }

  /// Runs `braid-demo` with `arguments` and `input` (or `inputBytes`, which need not be UTF-8) on
  /// standard input (and `environment` in
  /// place of this process's, `directory` as its working directory, and only the processors
  /// `cpus` (as `taskset -c` lists them) to run on, when given); returns status and output.
  ///
  /// The process is awaited on a thread of its own, not on the cooperative pool (see
  /// `onOwnThread`).
  static func run(
    _ arguments: [String], input: String = "", inputBytes: [UInt8]? = nil, environment: [String: String]? = nil,
    directory: String? = nil, cpus: String? = nil
  ) async throws -> (status: Int32, output: String, error: String) {
    let bytes = inputBytes ?? Array(input.utf8)
    return try await onOwnThread {
      try runBlocking(arguments, input: bytes, environment: environment, directory: directory, cpus: cpus)
    }
  }

  private static func runBlocking(
    _ arguments: [String], input: [UInt8], environment: [String: String]?, directory: String?, cpus: String?
  ) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    if let cpus {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
      process.arguments = ["-c", cpus, executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let stdin = Pipe.forChild()
    let stdout = Pipe.forChild()
    let stderr = Pipe.forChild()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // A safety net: a demo that hangs is killed, and the test then fails on its output.
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    defer { watchdog.cancel() }
    stdin.fileHandleForWriting.writeToChild(Data(input))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let error = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self))
  }

  static func temporaryDatabase() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("braid-demo-\(UUID().uuidString)/users.sqlite").path
  }

  @Test func usersRejectsBadArguments() async throws {
    let missing = try await Self.run(["users", "--database"])
    #expect(missing.status == 64)
    #expect(missing.error.hasPrefix("braid-demo: --database needs a file path"))
    let unknown = try await Self.run(["users", "--bogus"])
    #expect(unknown.status == 64)
    #expect(unknown.error.hasPrefix("braid-demo: unknown option '--bogus'"))
  }

  @Test func scriptedSignUpPrintsTheScreens() async throws {
    let database = Self.temporaryDatabase()
    defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
    let script = """
      type username al
      wait 100ms
      type username alice
      wait 300ms
      type email alice@example.com
      type password short
      show
      type password correct horse
      type verification correct horse
      submit
      """
    let result = try await Self.run(["signup", "--database", database, "--script", "-"], input: script)
    #expect(result.status == 0)
    #expect(
      result.output == """
        Sign up

          Username  [alice                   ] Username available
          Email     [alice@example.com       ] 
          Password  [*****                   ] need 8 char.
          Verify    [                        ] need same password

          [ Create ] (disabled)

        Sign up

          Username  [alice                   ] Yours now
          Email     [alice@example.com       ] 
          Password  [*************           ] 
          Verify    [*************           ] 

          [ Create ] (disabled)

          Signed up: Welcome, alice!

        """)

    let again = try await Self.run(
      ["signup", "--database", database, "--script", "-"], input: "type username ALICE\nwait 300ms\n")
    #expect(again.output.contains("[ALICE                   ] Username already taken"))
  }

  @Test func helpAndBadArguments() async throws {
    for help in [["--help"], ["help"], ["-h"]] {
      let result = try await Self.run(help)
      #expect(result.status == 0)
      #expect(
        result.output.hasPrefix(
          "usage: braid-demo signup [--database PATH] [--script FILE|-] [--record FILE [--force]]\n"))
      #expect(result.output.contains("  replay FILE        replay a trace recorded with --record"))
      #expect(result.output.contains("  counter            the counter example"))
    }
    let none = try await Self.run([])
    #expect(none.status == 64)
    #expect(none.output.isEmpty)
    #expect(none.error.hasPrefix("usage: braid-demo signup"))
    let unknownCommand = try await Self.run(["fly"])
    #expect(unknownCommand.status == 64)
    #expect(unknownCommand.error.hasPrefix("braid-demo: unknown command 'fly'\n\nusage: braid-demo signup"))
    let unknown = try await Self.run(["signup", "--bogus"])
    #expect(unknown.status == 64)
    #expect(
      unknown.error == """
        braid-demo: unknown option '--bogus'

        usage: braid-demo signup [--database PATH] [--script FILE|-] [--record FILE [--force]]
        Run 'braid-demo signup --help' for more.

        """)
    // A script the command cannot run is not a usage error: one line, status 1.
    let badScript = try await Self.run(
      ["signup", "--database", Self.temporaryDatabase(), "--script", "-"], input: "jump\n")
    #expect(badScript.status == 1)
    #expect(badScript.error == "braid-demo: script line 1: unknown command: jump\n")
  }

  @Test(arguments: ["signup", "counter", "location", "users", "app", "serve"])
  func eachCommandsHelpDescribesThatCommand(command: String) async throws {
    let flag = try await Self.run([command, "--help"])
    #expect(flag.status == 0)
    #expect(flag.output.hasPrefix("usage: braid-demo \(command)"))
    #expect(flag.output.contains("\n  \(command) "))
    let others = ["signup", "counter", "location", "users", "app", "serve"].filter { $0 != command }
    #expect(
      others.allSatisfy { !flag.output.contains("usage: braid-demo \($0)") && !flag.output.contains("\n  \($0) ") })
    #expect(try await Self.run(["help", command]).output == flag.output)
  }

  @Test func aScriptThatIsNotUTF8OrMissingSaysWhyAndWhere() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-script-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("bad.script")
    try Data("show\ntype username al".utf8 + [0xC3, 0x28] + Data("ce\n".utf8)).write(to: script)
    let database = folder.appendingPathComponent("users.sqlite").path
    let bad = try await Self.run(["signup", "--database", database, "--script", script.path])
    #expect(bad.status == 1)
    #expect(bad.error == "braid-demo: cannot read script '\(script.path)': not UTF-8 at byte offset 21 (line 2)\n")
    let piped = try await Self.run(["signup", "--database", database, "--script", "-"], input: "")
    #expect(piped.status == 0)
    // Standard input is read a line at a time: the bad line is named when it comes.
    let pipedBad = try await Self.run(
      ["signup", "--database", database, "--script", "-"],
      inputBytes: Array("show\ntype username al".utf8) + [0xC3, 0x28] + Array("ce\n".utf8))
    #expect(pipedBad.status == 1)
    #expect(
      pipedBad.error == "braid-demo: cannot read script standard input: not UTF-8 (line 2)\n", "\(pipedBad.error)")
    let missing = try await Self.run(["signup", "--database", database, "--script", folder.path + "/none.script"])
    #expect(missing.status == 1)
    #expect(missing.error == "braid-demo: cannot read script '\(folder.path)/none.script': no such file\n")
    let directory = try await Self.run(["signup", "--database", database, "--script", folder.path])
    #expect(directory.status == 1)
    #expect(directory.error == "braid-demo: cannot read script '\(folder.path)': it is a directory\n")
  }

  @Test func counterRunsItsTourAndRejectsUnknownArguments() async throws {
    let tour = try await Self.run(["counter"])
    #expect(tour.status == 0)
    #expect(tour.output.hasPrefix("count: 0\n> + + + (three taps)\n"))
    #expect(tour.output.hasSuffix("done: count 6, factors 2 × 3\n"))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-counter-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let interactive = try await Self.run(
      ["counter", "--interactive", "--state", folder + "/counter.json"], input: "+\n+\nbogus\nquit\n")
    #expect(interactive.status == 0)
    let commands = "commands: + (increment), - (decrement), factor, timer (start/stop), quit"
    #expect(
      interactive.output
        == "\(commands)\ncount: 0\n> count: 1\n> count: 2\n> unknown command 'bogus'; \(commands)\n> ")
    let unknown = try await Self.run(["counter", "--bogus"])
    #expect(unknown.status == 64)
    #expect(unknown.error.hasPrefix("braid-demo: unknown option '--bogus'"))
  }

  @Test func locationReplaysTheBundledLogAsLinesOrJSON() async throws {
    let plain = try await Self.run(["location", "--immediate", "--plain"])
    #expect(plain.status == 0)
    let lines = plain.output.split(separator: "\n")
    #expect(lines.count == 122)
    #expect(
      lines.first
        == "2020-03-18T13:28:19.600Z  41.574965910 N  93.750571901 W  278.2 m  0.08 m/s  124.9°  differential")
    let json = try await Self.run(["location", "--immediate", "--json"])
    #expect(json.status == 0)
    #expect(
      json.output.split(separator: "\n").first
        == #"{"class":"TPV","time":"2020-03-18T13:28:19.600Z","lat":41.574965910,"lon":-93.750571901,"alt":278.161,"speed":0.076,"track":124.8880,"quality":"differential"}"#
    )
  }

  @Test func locationRejectsBadArguments() async throws {
    let badSpeed = try await Self.run(["location", "--speed", "fast"])
    #expect(badSpeed.status == 64)
    #expect(badSpeed.error.hasPrefix("braid-demo: --speed needs a number from 0.01 to 1000"))
    let badBaud = try await Self.run(["location", "--serial", "/dev/ttyS0", "--baud", "9601"])
    #expect(badBaud.status == 64)
    #expect(badBaud.error.hasPrefix("braid-demo: --baud needs one of 1200, 2400, 4800, 9600"))
    let twoSources = try await Self.run(["location", "--serial", "/dev/ttyS0", "--nmea", "drive.nmea"])
    #expect(twoSources.status == 64)
    #expect(twoSources.error.hasPrefix("braid-demo: choose one source"))
  }
}
