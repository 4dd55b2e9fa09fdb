import BraidTestSupport
import Testing
import UserDirectoryClient

@testable import UserDirectoryPostgres

/// What only a directory on a database server has to get right: reconnecting, timeouts, and
/// an answer lost after its commit.
@Suite(.needs("PostgreSQL", isInstalled: PostgresCluster.isInstalled, package: "postgresql libpq-dev"))
struct PostgresDirectoryTests {
  static func request(_ username: String, id: String? = nil) -> SignUpRequest {
    SignUpRequest(username: username, email: "\(username)@example.com", password: "correct horse", requestID: id)
  }

  @Test func theDirectoryReconnectsAfterTheServerRestarts() async throws {
    try await PostgresCluster.with { cluster in
      let directory = UserDirectory.postgres(url: cluster.url, connections: 2)
      try await directory.signUp(Self.request("alice"))
      try await cluster.stopServer()
      await #expect(throws: UserDirectoryError.self) { try await directory.isUsernameAvailable("alice") }
      try await cluster.startServer()
      // Every pooled connection broke with the server: each is dropped as found, and fresh
      // ones answer.
      #expect(try await !directory.isUsernameAvailable("alice"))
      try await directory.signUp(Self.request("bob"))
      #expect(try await cluster.psql("SELECT username FROM users ORDER BY id") == "alice\nbob\n")
    }
  }

  @Test func aServerThatCannotBeReachedIsAStorageErrorThatHidesThePassword() async throws {
    try await PostgresCluster.with { cluster in
      try await cluster.stopServer()
      let directory = UserDirectory.postgres(url: "postgresql://postgres:s3cret@/postgres?host=\(cluster.folder)")
      do {
        try await directory.signUp(Self.request("alice"))
        Issue.record("expected a storage error")
      } catch UserDirectoryError.storage(let message) {
        #expect(message.hasPrefix("postgresql:///postgres: cannot connect:"))
        #expect(!message.contains("s3cret"))
      }
      try await cluster.startServer()
    }
  }

  @Test func aValueWithANulCharacterIsRefusedNotCut() async throws {
    try await PostgresCluster.with { cluster in
      let directory = UserDirectory.postgres(url: cluster.url)
      await #expect(
        throws: UserDirectoryError.storage("postgresql:///postgres: a value contains a NUL character (SQLSTATE 22021)")
      ) {
        try await directory.signUp(
          SignUpRequest(username: "al\u{0}ice", email: "alice@example.com", password: "correct horse"))
      }
      let available = try await directory.isUsernameAvailable("al")
      #expect(available)
      let count = try await cluster.psql("SELECT count(*) FROM users")
      #expect(count == "0\n")
    }
  }

  @Test func aStatementHeldByALockFailsAtTheStatementTimeout() async throws {
    try await PostgresCluster.with { cluster in
      // Two seconds: long enough that the statements after the lock is gone finish within it
      // on a loaded machine (300 ms did not, once, in a full run), far below the locker's 30.
      let directory = UserDirectory.postgres(url: cluster.url, statementTimeout: .seconds(2))
      #expect(try await directory.isUsernameAvailable("alice"))
      let locker = try PostgresConnection(url: cluster.url, statementTimeout: .seconds(30))
      try locker.execute("BEGIN")
      try locker.execute("LOCK TABLE users IN ACCESS EXCLUSIVE MODE")
      await #expect(
        throws: UserDirectoryError.storage(
          "postgresql:///postgres: a statement ran past the directory's statement timeout")
      ) {
        try await directory.signUp(Self.request("alice"))
      }
      try locker.execute("ROLLBACK")
      try await directory.signUp(Self.request("alice"))
    }
  }

  @Test func anAnswerLostAfterTheCommitIsConfirmedByReadingBack() async throws {
    try await PostgresCluster.with(tcp: true) { cluster in
      let proxy = try CuttingProxy(upstream: cluster.port!, marker: "INSERT 0 1")
      defer { proxy.stop() }
      let directory = UserDirectory.postgres(url: cluster.tcpURL(port: proxy.port))
      // No request id: the stored salted hash alone tells this attempt's row from another's.
      try await directory.signUp(Self.request("alice"))
      #expect(proxy.cutCount == 1)
      #expect(try await cluster.psql("SELECT count(*) FROM users") == "1\n")
      await #expect(throws: UserDirectoryError.usernameTaken("Alice")) {
        try await directory.signUp(Self.request("Alice"))
      }
    }
  }
}
