import BraidTestSupport
import Foundation
import Testing

/// The README's two-terminal walkthrough, as processes: `braid-demo users --plain` watches a
/// database while `braid-demo signup` adds a user and the `sqlite3` shell renames and deletes.
struct UsersDemoProcessTests {
  @Test(.needs("the sqlite3 shell", isInstalled: sqlite3 != nil, package: "sqlite3"))
  func usersFollowsSignUpsAndEditsFromOtherProcesses() throws {
    let database = BraidDemoProcessTests.temporaryDatabase()
    defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
    let users = try RunningProcess(BraidDemoProcessTests.executable, ["users", "--database", database, "--plain"])
    defer { users.stop() }
    // The database does not exist yet: the list starts empty and waits for it.
    #expect(users.waitForLine { $0 == "# 0 user(s)" })

    let signup = try BraidDemoProcessTests.run(
      ["signup", "--database", database, "--script", "-"],
      input: UsersDatabaseFileProcessTests.signUpAlice)
    #expect(signup.output.contains("Signed up: Welcome, alice!"))
    #expect(users.waitForLine { $0 == "+ alice" })
    #expect(users.waitForLine { $0 == "# 1 user(s)" })

    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: try #require(sqlite3))
    // A rollback-journal database: the watcher's reads can hold a shared lock for a moment, so
    // the shell waits for it as any well-behaved writer does.
    shell.arguments = [
      "-cmd", ".timeout 5000", database, "UPDATE users SET username = 'zoe' WHERE username = 'alice';",
    ]
    try shell.run()
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 0)
    #expect(users.waitForLine { $0 == "~ zoe" })
    #expect(users.waitForLine { $0 == "# 1 user(s)" })

    let delete = Process()
    delete.executableURL = shell.executableURL
    delete.arguments = ["-cmd", ".timeout 5000", database, "DELETE FROM users;"]
    try delete.run()
    delete.waitUntilExit()
    #expect(delete.terminationStatus == 0)
    #expect(users.waitForLine { $0 == "- zoe" })
    #expect(users.waitForLine { $0 == "# 0 user(s)" })
    // Before `signup` made the file and its table, the observer said so, and nothing else.
    let reports = users.errorOutput.split(separator: "\n")
    #expect(reports.first == "braid-demo: Database unavailable: \(database): no such file")
    #expect(reports.dropFirst().allSatisfy { $0 == "braid-demo: Missing table or column: no such table: users" })
  }
}

extension UsersDemoProcessTests {
  /// A row written by anyone (another program, the `sqlite3` shell) reaches the operator's
  /// terminal with its control characters made visible, never as escape sequences.
  @Test(.needs("the sqlite3 shell", isInstalled: sqlite3 != nil, package: "sqlite3"))
  func escapeSequencesInRowsAreShownNotObeyed() throws {
    let database = BraidDemoProcessTests.temporaryDatabase()
    defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
    let signup = try BraidDemoProcessTests.run(
      ["signup", "--database", database, "--script", "-"],
      input: UsersDatabaseFileProcessTests.signUpAlice)
    #expect(signup.status == 0)
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: try #require(sqlite3))
    shell.arguments = [
      "-cmd", ".timeout 5000", database,
      "UPDATE users SET email = 'm' || char(27) || ']0;OWNED' || char(7) || char(27) || '[2J' || char(27) || '[8m@example.com', username = 'al' || char(155) || 'ice';",
    ]
    try shell.run()
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 0)
    let users = try RunningProcess(BraidDemoProcessTests.executable, ["users", "--database", database, "--plain"])
    defer { users.stop() }
    var shown = ""
    #expect(
      users.waitForLine { line in
        shown = line
        return line.hasPrefix("= ")
      })
    #expect(shown == "= al<U+009B>ice <m␛]0;OWNED␇␛[2J␛[8m@example.com>")
    #expect(!shown.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
  }
}

/// The installed `sqlite3` shell, if any.
private let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first {
  FileManager.default.isExecutableFile(atPath: $0)
}

/// A process that keeps running while the test reads its standard output line by line.
private final class RunningProcess: @unchecked Sendable {
  private let process = Process()
  private let output = Pipe()
  private let errors = Pipe()
  /// Guards `lines`, `consumed`, `ended` and `errorBytes`.
  private let condition = NSCondition()
  private var lines: [String] = []
  private var consumed = 0
  private var ended = false
  private var errorBytes = Data()

  init(_ executable: URL, _ arguments: [String]) throws {
    process.executableURL = executable
    process.arguments = arguments
    process.standardInput = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputHandle = output.fileHandleForReading
    Thread.detachNewThread { [self] in
      var pending = Data()
      while true {
        let data = outputHandle.availableData
        condition.lock()
        if data.isEmpty {
          ended = true
          condition.broadcast()
          condition.unlock()
          return
        }
        pending.append(data)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
          lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
          pending = Data(pending[(newline + 1)...])
        }
        condition.broadcast()
        condition.unlock()
      }
    }
    let errorHandle = errors.fileHandleForReading
    Thread.detachNewThread { [self] in
      while case let data = errorHandle.availableData, !data.isEmpty {
        condition.lock()
        errorBytes.append(data)
        condition.unlock()
      }
    }
  }

  /// What the process wrote to standard error so far.
  var errorOutput: String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: errorBytes, as: UTF8.self)
  }

  /// Consumes lines until one matches; `false` when the output ends or 20 s pass first.
  ///
  /// The bound is wall-clock because the other side is a separate process with real file
  /// notifications; the demo reacts in milliseconds, so 20 s only guards against a hang.
  func waitForLine(_ matches: (String) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(20)
    condition.lock()
    defer { condition.unlock() }
    while true {
      while consumed < lines.count {
        let line = lines[consumed]
        consumed += 1
        if matches(line) { return true }
      }
      if ended || !condition.wait(until: deadline) { return false }
    }
  }

  /// Interrupts the process (as Ctrl-C would) and waits for it.
  func stop() {
    if process.isRunning { process.interrupt() }
    process.waitUntilExit()
  }
}
