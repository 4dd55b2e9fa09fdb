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
}
