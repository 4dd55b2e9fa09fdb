import Foundation
import Testing

/// `braid-demo signup --script`: line endings, durations, and the exit status a script's last
/// `submit` decides.
struct SignUpScriptProcessTests {
  typealias Demo = BraidDemoProcessTests

  static func withDatabase(_ body: (String) async throws -> Void) async rethrows {
    let database = Demo.temporaryDatabase()
    defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
    try await body(database)
  }

  @Test func absurdOrNegativeWaitsAreRejectedClearly() async throws {
    try await Self.withDatabase { database in
      for wait in ["9223372036854775807s", "-5s", "25h", "1.5s", "s"] {
        let result = try await Demo.run(
          ["signup", "--database", database, "--script", "-"], input: "type username al\nwait \(wait)\n")
        #expect(result.status == 1)
        #expect(
          result.error.hasPrefix(
            "braid-demo: script line 2: expected a duration from 0ms to 24h, such as 400ms or 1s: wait \(wait)\n"))
      }
      // Many of the longest waits in a row are fine: the clock saturates.
      let long = try await Demo.run(
        ["signup", "--database", database, "--script", "-"],
        input: String(repeating: "wait 24h\n", count: 50) + "type username al\n")
      #expect(long.status == 0)
    }
  }

  @Test func databasesThatKeepNothingAreRefused() async throws {
    for command in ["signup", "users"] {
      let empty = try await Demo.run([command, "--database", ""])
      #expect(empty.status == 64)
      #expect(
        empty.error.hasPrefix(
          "braid-demo: --database: an empty path would make a temporary database that keeps nothing\n"))
      let memory = try await Demo.run([command, "--database", ":memory:"])
      #expect(memory.status == 64)
      #expect(
        memory.error.hasPrefix(
          "braid-demo: --database: ':memory:' is an in-memory database that keeps nothing; give a file path\n"))
    }
  }

  @Test func theDefaultDatabaseIsUnderHOME() async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("braid-home-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: home) }
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home
    environment["BRAID_USERS_DB"] = nil
    let result = try await Demo.run(
      ["signup", "--script", "-"], input: "type username erin\nwait 400ms\n", environment: environment)
    #expect(result.status == 0)
    #expect(result.output.contains("[erin                    ] Username available"))
    #expect(FileManager.default.fileExists(atPath: home + "/.local/share/braid/users.sqlite"))
  }

  @Test func aScriptWithWindowsLineEndingsRunsLikeAnyOther() async throws {
    try await Self.withDatabase { database in
      let script = FileManager.default.temporaryDirectory.appendingPathComponent("crlf-\(UUID().uuidString).txt")
      defer { try? FileManager.default.removeItem(at: script) }
      try Data(
        "type username carol\r\nwait 400ms\r\ntype email carol@example.com\r\ntype password correct horse\r\ntype verification correct horse\r\nsubmit\r\n"
          .utf8
      ).write(to: script)
      let result = try await Demo.run(["signup", "--database", database, "--script", script.path])
      #expect(result.status == 0)
      #expect(result.output.contains("[carol                   ] Yours now"))
      #expect(result.output.contains("Signed up: Welcome, carol!"))
    }
  }

  @Test func aSubmitThatCannotBeMadeOrFailsExitsNonZeroAndSaysWhy() async throws {
    try await Self.withDatabase { database in
      let disabled = try await Demo.run(
        ["signup", "--database", database, "--script", "-"], input: "type username alice\nwait 400ms\nsubmit\n")
      #expect(disabled.status == 1)
      #expect(disabled.output.contains("  Cannot create the account: the email is empty"))
      #expect(disabled.error == "braid-demo: cannot create the account: the email is empty\n")

      let unchecked = try await Demo.run(
        ["signup", "--database", database, "--script", "-"],
        input: """
          type username dave
          type email d@example.com
          type password 12345678
          type verification 12345678
          submit
          """)
      #expect(unchecked.status == 1)
      #expect(
        unchecked.error
          == "braid-demo: cannot create the account: the username has not been checked yet (add a wait after typing it, such as wait 400ms)\n"
      )

      let unknown = try await Demo.run(
        ["signup", "--database", database, "--script", "-"], input: String(repeating: "x", count: 1_000_000) + "\n")
      #expect(unknown.status == 1)
      let shown = String(repeating: "x", count: 40) + "…"
      #expect(unknown.error.hasPrefix("braid-demo: script line 1: unknown command: \(shown)\n"))
    }
  }

  @Test func theFormSaysWhyCreateIsDisabledInPlainWords() async throws {
    try await Self.withDatabase { database in
      func submit(_ lines: String) async throws -> (status: Int32, output: String, error: String) {
        try await Demo.run(["signup", "--database", database, "--script", "-"], input: lines + "\nsubmit\n")
      }
      let form = "type email e@example.com\ntype password 12345678\ntype verification 12345678"
      #expect(try await submit("type username erin\nwait 400ms\n" + form).status == 0)
      let taken = try await submit("type username ERIN\nwait 400ms\n" + form)
      #expect(taken.error == "braid-demo: cannot create the account: the username is already taken\n")
      let email = try await submit("type username fay\nwait 400ms\ntype email nope\ntype password 12345678")
      #expect(email.output.contains("  Email     [nope                    ] not a valid e-mail address"))
      #expect(email.error == "braid-demo: cannot create the account: the email is not a valid address\n")
      let short = try await submit("type username fay\nwait 400ms\ntype email f@example.com\ntype password 1234")
      #expect(short.output.contains("  Password  [****                    ] need 8 char."))
      #expect(short.output.contains("  Verify    [                        ] need same password"))
      #expect(short.error == "braid-demo: cannot create the account: the password needs at least 8 characters\n")
      let differ = try await submit("type username fay\nwait 400ms\n" + form + "\ntype verification 12345679")
      #expect(differ.error == "braid-demo: cannot create the account: the verification differs from the password\n")
      let invalid = try await submit("type username \(String(repeating: "g", count: 33))\n" + form)
      #expect(
        invalid.error == "braid-demo: cannot create the account: the username is not allowed (at most 32 characters)\n")
    }
  }

  @Test func aLongUsernameStaysInsideItsBox() async throws {
    try await Self.withDatabase { database in
      let name = "abcdefghijklmnopqrstuvwxyz0123"
      let result = try await Demo.run(
        ["signup", "--database", database, "--script", "-"], input: "type username \(name)\nwait 400ms\n")
      #expect(result.status == 0)
      #expect(result.output.contains("  Username  [abcdefghijklmnopqrstuvw…] Username available"))
    }
  }
}
