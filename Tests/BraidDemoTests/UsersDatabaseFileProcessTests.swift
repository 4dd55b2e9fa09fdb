import Foundation
import Testing

/// The users database is a file that lasts and that only its owner can read, whatever path,
/// URI-looking name or environment a user gives.
struct UsersDatabaseFileProcessTests {
  typealias Demo = BraidDemoProcessTests

  static let signUpAlice = """
    type username alice
    wait 400ms
    type email alice@example.com
    type password correct horse
    type verification correct horse
    submit

    """

  static func withFolder(_ body: (String) async throws -> Void) async rethrows {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-db-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try await body(folder)
  }

  static func mode(of path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
  }

  @Test(arguments: [
    "file:", "file:?", "file:x.db?mode=memor%79", "file:x.db?mod%65=memory", "file:p/x.db?vfs=memdb",
    "file:/p/x.db?mode=memory",
  ])
  func aPathThatLooksLikeASQLiteURIIsAFileThatKeepsItsUsers(path: String) async throws {
    try await Self.withFolder { folder in
      let first = try await Demo.run(
        ["signup", "--database", path, "--script", "-"], input: Self.signUpAlice, directory: folder)
      #expect(first.status == 0, "\(first.error)")
      #expect(first.output.contains("Signed up: Welcome, alice!"))
      // The second run finds alice: the first one kept her, in a file of that very name.
      let second = try await Demo.run(
        ["signup", "--database", path, "--script", "-"], input: Self.signUpAlice, directory: folder)
      #expect(second.status == 1)
      #expect(second.output.contains("Username already taken"))
      #expect(FileManager.default.fileExists(atPath: folder + "/" + path))
    }
  }

  @Test func anInMemoryDatabaseFromTheEnvironmentIsRefused() async throws {
    for value in [":memory:", "some/folder/"] {
      var environment = ProcessInfo.processInfo.environment
      environment["BRAID_USERS_DB"] = value
      for command in ["signup", "users", "serve"] {
        let result = try await Demo.run(
          [command] + (command == "serve" ? ["--port", "0"] : []), input: Self.signUpAlice, environment: environment)
        #expect(result.status == 64, "\(command) with BRAID_USERS_DB=\(value)")
        #expect(result.error.hasPrefix("braid-demo: BRAID_USERS_DB: "), "\(result.error)")
      }
    }
  }

  @Test func aDirectoryIsNotADatabase() async throws {
    try await Self.withFolder { folder in
      let result = try await Demo.run(["signup", "--database", folder, "--script", "-"], input: Self.signUpAlice)
      #expect(result.status == 64)
      #expect(
        result.error.hasPrefix(
          "braid-demo: --database: '\(folder)' is a directory; give the path of the database file\n"))
    }
  }

  @Test func theDatabaseAndItsFolderAreCreatedForTheirOwnerOnly() async throws {
    try await Self.withFolder { folder in
      let path = folder + "/data/users.sqlite"
      let result = try await Demo.run(["signup", "--database", path, "--script", "-"], input: Self.signUpAlice)
      #expect(result.status == 0)
      #expect(Self.mode(of: path) == 0o600)
      #expect(Self.mode(of: folder + "/data") == 0o700)
      #expect(!result.error.contains("warning"))
    }
  }

  @Test func aDatabaseOthersCanReadIsWarnedAbout() async throws {
    try await Self.withFolder { folder in
      let path = folder + "/users.sqlite"
      #expect(try await Demo.run(["signup", "--database", path, "--script", "-"], input: Self.signUpAlice).status == 0)
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
      let result = try await Demo.run(["signup", "--database", path, "--script", "-"], input: "show\n")
      #expect(result.status == 0)
      #expect(
        result.error
          == "braid-demo: warning: other users can read '\(path)' and its password hashes (mode 644); run chmod 600 on it\n"
      )
    }
  }
}
