import BraidSQLite
import Foundation
import Testing
import UserDirectoryClient
import UserDirectoryLive

struct UserDirectoryLiveTests {
  /// A fresh directory under the system's temporary folder, removed after the test.
  static func withTemporaryFolder(_ body: (String) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try await body(folder)
  }

  static let alice = SignUpRequest(username: "alice", email: "alice@example.com", password: "correct horse")

  @Test func signUpThenTheUsernameIsTakenRegardlessOfCase() async throws {
    try await Self.withTemporaryFolder { folder in
      let directory = UserDirectory.live(path: "\(folder)/nested/users.sqlite")
      #expect(try await directory.isUsernameAvailable("alice"))
      try await directory.signUp(Self.alice)
      #expect(try await !directory.isUsernameAvailable("alice"))
      #expect(try await !directory.isUsernameAvailable("ALICE"))
      await #expect(throws: UserDirectoryError.usernameTaken("Alice")) {
        try await directory.signUp(SignUpRequest(username: "Alice", email: "a@example.org", password: "12345678"))
      }
    }
  }

  @Test func passwordsTheHashCannotTakeAreRefusedSayingWhy() async throws {
    try await Self.withTemporaryFolder { folder in
      let directory = UserDirectory.live(path: "\(folder)/users.sqlite")
      let long = String(repeating: "p", count: 512)
      await #expect(
        throws: UserDirectoryError.storage(
          "passwords longer than 511 bytes of UTF-8 cannot be hashed (this one has 512)")
      ) {
        try await directory.signUp(SignUpRequest(username: "bob", email: "bob@example.com", password: long))
      }
      let withNul = "12345678\u{0}tail"
      await #expect(throws: UserDirectoryError.storage("a password cannot contain a NUL character")) {
        try await directory.signUp(SignUpRequest(username: "bob", email: "bob@example.com", password: withNul))
      }
      let available = try await directory.isUsernameAvailable("bob")
      #expect(available)
    }
  }

  @Test func storageFailuresNameTheDatabaseAndSayNothingOfSaving() async throws {
    let directory = UserDirectory.live(path: "/proc/braid-no-such-dir/users.sqlite")
    await #expect(
      throws: UserDirectoryError.storage(
        "/proc/braid-no-such-dir/users.sqlite: cannot create the file: No such file or directory")
    ) {
      _ = try await directory.isUsernameAvailable("bob")
    }
    #expect(
      "\(UserDirectoryError.storage("x"))" == "The user directory failed: x")
  }

  @Test func passwordsAreStoredOnlyAsSaltedHashes() async throws {
    try await Self.withTemporaryFolder { folder in
      let path = "\(folder)/users.sqlite"
      try await UserDirectory.live(path: path).signUp(Self.alice)
      try await UserDirectory.live(path: path).signUp(
        SignUpRequest(username: "bob", email: "bob@example.com", password: "correct horse"))
      let rows = try SQLiteDatabase(path: path).query("SELECT password_hash FROM users ORDER BY id")
      let hashes = rows.compactMap { row -> String? in
        if case .text(let hash)? = row.first { hash } else { nil }
      }
      #expect(hashes.count == 2)
      #expect(hashes.allSatisfy { $0.hasPrefix("$y$") && !$0.contains("correct horse") })
      #expect(hashes[0] != hashes[1], "same password, different salts")
      #expect(PasswordHash.verify("correct horse", against: hashes[0]))
      #expect(!PasswordHash.verify("wrong horse", against: hashes[0]))
    }
  }

  @Test(arguments: ["", "alice", "alice@", "@example.com", "alice@example", "alice@.com", "a b@example.com"])
  func invalidEmailsAreRejected(email: String) async throws {
    try await Self.withTemporaryFolder { folder in
      let directory = UserDirectory.live(path: "\(folder)/users.sqlite")
      await #expect(throws: UserDirectoryError.invalidEmail(email)) {
        try await directory.signUp(SignUpRequest(username: "alice", email: email, password: "12345678"))
      }
    }
  }

  @Test func aCorruptFileIsAStorageErrorNotACrash() async throws {
    try await Self.withTemporaryFolder { folder in
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let path = "\(folder)/users.sqlite"
      try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: path))
      let directory = UserDirectory.live(path: path)
      do {
        _ = try await directory.isUsernameAvailable("alice")
        Issue.record("expected a storage error")
      } catch UserDirectoryError.storage(let message) {
        #expect(message.contains("not a database"))
      }
    }
  }

  @Test func aDirectoryThatCannotBeCreatedIsAStorageError() async throws {
    try await Self.withTemporaryFolder { folder in
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let blocker = "\(folder)/file"
      try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
      let directory = UserDirectory.live(path: "\(blocker)/users.sqlite")
      await #expect(throws: UserDirectoryError.self) {
        try await directory.signUp(Self.alice)
      }
    }
  }

  @Test func aLockHeldByAnotherConnectionIsAStorageErrorAfterTheTimeout() async throws {
    try await Self.withTemporaryFolder { folder in
      let path = "\(folder)/users.sqlite"
      let directory = UserDirectory.live(path: path, busyTimeout: .milliseconds(50))
      #expect(try await directory.isUsernameAvailable("alice"))
      let other = try SQLiteDatabase(path: path)
      try other.execute("BEGIN EXCLUSIVE")
      do {
        try await directory.signUp(Self.alice)
        Issue.record("expected the lock to block the sign-up")
      } catch UserDirectoryError.storage(let message) {
        #expect(message.contains("locked"))
      }
      try other.execute("ROLLBACK")
      try await directory.signUp(Self.alice)
    }
  }

  @Test func twoConnectionsRacingForOneNameGiveItToExactlyOne() async throws {
    try await Self.withTemporaryFolder { folder in
      let path = "\(folder)/users.sqlite"
      let first = UserDirectory.live(path: path)
      let second = UserDirectory.live(path: path)
      _ = try await first.isUsernameAvailable("x")
      _ = try await second.isUsernameAvailable("x")
      async let a: Result<Void, any Error> = Result { try await first.signUp(Self.alice) }
      async let b: Result<Void, any Error> = Result {
        try await second.signUp(SignUpRequest(username: "ALICE", email: "b@example.com", password: "12345678"))
      }
      let results = await [a, b]
      let successes = results.filter { if case .success = $0 { true } else { false } }
      #expect(successes.count == 1)
      let failures = results.compactMap { result -> UserDirectoryError? in
        if case .failure(let error) = result { error as? UserDirectoryError } else { nil }
      }
      #expect(failures.count == 1)
      if case .usernameTaken? = failures.first {} else { Issue.record("expected usernameTaken, got \(failures)") }
    }
  }
}

extension Result where Failure == any Error {
  init(catching body: () async throws -> Success) async {
    do { self = .success(try await body()) } catch { self = .failure(error) }
  }
}
