import BraidTestSupport
import Foundation
import Testing

/// The README's two-terminal walkthrough, as processes: `braid-demo users --plain` watches a
/// database while `braid-demo signup` adds a user and the `sqlite3` shell renames and deletes.
struct UsersDemoProcessTests {
  @Test(.needs("the sqlite3 shell", isInstalled: sqlite3 != nil, package: "sqlite3"))
  func usersFollowsSignUpsAndEditsFromOtherProcesses() async throws {
    let database = BraidDemoProcessTests.temporaryDatabase()
    defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
    let users = try RunningProcess(BraidDemoProcessTests.executable, ["users", "--database", database, "--plain"])
    // The database does not exist yet: the list starts empty and waits for it.
    #expect(await users.waitForLine { $0 == "# 0 user(s)" })

    let signup = try await BraidDemoProcessTests.run(
      ["signup", "--database", database, "--script", "-"],
      input: UsersDatabaseFileProcessTests.signUpAlice)
    #expect(signup.output.contains("Signed up: Welcome, alice!"))
    #expect(await users.waitForLine { $0 == "+ alice" })
    #expect(await users.waitForLine { $0 == "# 1 user(s)" })

    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: try #require(sqlite3))
    // A rollback-journal database: the watcher's reads can hold a shared lock for a moment, so
    // the shell waits for it as any well-behaved writer does.
    shell.arguments = [
      "-cmd", ".timeout 5000", database, "UPDATE users SET username = 'zoe' WHERE username = 'alice';",
    ]
    try shell.run()
    await waitForExit(shell)
    #expect(shell.terminationStatus == 0)
    #expect(await users.waitForLine { $0 == "~ zoe" })
    #expect(await users.waitForLine { $0 == "# 1 user(s)" })

    let delete = Process()
    delete.executableURL = shell.executableURL
    delete.arguments = ["-cmd", ".timeout 5000", database, "DELETE FROM users;"]
    try delete.run()
    await waitForExit(delete)
    #expect(delete.terminationStatus == 0)
    #expect(await users.waitForLine { $0 == "- zoe" })
    #expect(await users.waitForLine { $0 == "# 0 user(s)" })
    // Before `signup` made the file and its table, the observer said so, and nothing else but,
    // on a loaded machine, a read that met the creating writer's lock for longer than the
    // observer waits (`ObserverConnection.busyTimeout`): reported, then read again.
    let reports = users.errorOutput.split(separator: "\n")
    #expect(reports.first == "braid-demo: Database unavailable: \(database): no such file")
    #expect(
      reports.dropFirst().allSatisfy {
        $0 == "braid-demo: Missing table or column: no such table: users"
          || $0 == "braid-demo: Database locked: \(database): database is locked"
      },
      "the observer's reports: \(reports)")
    await users.stop()
  }
}

extension UsersDemoProcessTests {
  /// A row written by anyone (another program, the `sqlite3` shell) reaches the operator's
  /// terminal with its control characters made visible, never as escape sequences.
  @Test(.needs("the sqlite3 shell", isInstalled: sqlite3 != nil, package: "sqlite3"))
  func escapeSequencesInRowsAreShownNotObeyed() async throws {
    let database = BraidDemoProcessTests.temporaryDatabase()
    defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
    let signup = try await BraidDemoProcessTests.run(
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
    await waitForExit(shell)
    #expect(shell.terminationStatus == 0)
    let users = try RunningProcess(BraidDemoProcessTests.executable, ["users", "--database", database, "--plain"])
    let shown = await users.matchingLine { $0.hasPrefix("= ") } ?? ""
    await users.stop()
    #expect(shown == "= al<U+009B>ice <m␛]0;OWNED␇␛[2J␛[8m@example.com>")
    #expect(!shown.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
  }
}

extension UsersDemoProcessTests {
  /// `users --plain` runs until interrupted: the interrupt flushes its `--record` trace, which
  /// replays and becomes a test.
  @Test func anInterruptedUsersSessionRecordsReplaysAndBecomesATest() async throws {
    let database = BraidDemoProcessTests.temporaryDatabase()
    let folder = (database as NSString).deletingLastPathComponent
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let trace = (folder as NSString).appendingPathComponent("users.trace")
    let users = try RunningProcess(
      BraidDemoProcessTests.executable, ["users", "--database", database, "--plain", "--record", trace])
    #expect(await users.waitForLine { $0 == "# 0 user(s)" })
    let signup = try await BraidDemoProcessTests.run(
      ["signup", "--database", database, "--script", "-"],
      input: UsersDatabaseFileProcessTests.signUpAlice)
    #expect(signup.status == 0, "\(signup.error)")
    #expect(await users.waitForLine { $0 == "# 1 user(s)" })
    await users.stop()

    let replay = try await BraidDemoProcessTests.run(["replay", trace])
    #expect(replay.status == 0, "\(replay.output)\(replay.error)")
    #expect(replay.output.hasPrefix("verified: "), "\(replay.output)")
    let emitted = try await BraidDemoProcessTests.run(["replay", trace, "--emit-test", "--test-name", "usersSession"])
    #expect(emitted.status == 0, "\(emitted.error)")
    #expect(emitted.output.contains("$0.usersObserver = FetchedResultsClient<UserRow>.controlled().client"))
    #expect(emitted.output.contains(#"$0.latestChanges = ["+ alice"]"#))
  }
}

/// Waits for `process` to exit, on a thread of its own.
private func waitForExit(_ process: Process) async {
  await onOwnThread { process.waitUntilExit() }
}

/// The installed `sqlite3` shell, if any.
private let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first {
  FileManager.default.isExecutableFile(atPath: $0)
}
