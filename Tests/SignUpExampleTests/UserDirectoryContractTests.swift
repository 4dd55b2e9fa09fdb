import BraidTestSupport
import Testing
import UserDirectoryClient
import UsersDatabase

/// What every live directory does, on each store it can keep users in (``DirectoryBackend``).
struct UserDirectoryContractTests {
  static let alice = SignUpRequest(username: "alice", email: "alice@example.com", password: "correct horse")

  /// The PostgreSQL cases are left out of the tests below where PostgreSQL is not installed:
  /// this test is then skipped, so that the run says so instead of passing with fewer cases.
  @Test(.needs("PostgreSQL", isInstalled: PostgresCluster.isInstalled, package: "postgresql"))
  func theContractRunsOnPostgreSQL() {
    #expect(DirectoryBackend.tested.contains(.postgres))
  }

  @Test(arguments: DirectoryBackend.tested)
  func signUpThenTheUsernameIsTakenRegardlessOfCase(backend: DirectoryBackend) async throws {
    try await backend.withStorage { storage in
      let directory = storage.directory()
      #expect(try await directory.isUsernameAvailable("alice"))
      try await directory.signUp(Self.alice)
      #expect(try await !directory.isUsernameAvailable("alice"))
      #expect(try await !directory.isUsernameAvailable("ALICE"))
      await #expect(throws: UserDirectoryError.usernameTaken("Alice")) {
        try await directory.signUp(SignUpRequest(username: "Alice", email: "a@example.org", password: "12345678"))
      }
      // Folding, not lowercasing, after NFKC: ß is ss, and full-width letters are letters.
      try await directory.signUp(SignUpRequest(username: "Straße", email: "s@example.org", password: "12345678"))
      #expect(try await !directory.isUsernameAvailable("STRASSE"))
      #expect(try await !directory.isUsernameAvailable("ＳＴＲＡＳＳＥ"))
      #expect(try await storage.column("SELECT username_key FROM users ORDER BY id") == ["alice", "strasse"])
    }
  }

  @Test(arguments: DirectoryBackend.tested)
  func passwordsTheHashCannotTakeAreRefusedSayingWhy(backend: DirectoryBackend) async throws {
    try await backend.withStorage { storage in
      let directory = storage.directory()
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

  @Test(arguments: DirectoryBackend.tested)
  func passwordsAreStoredOnlyAsSaltedHashes(backend: DirectoryBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.directory().signUp(Self.alice)
      try await storage.directory().signUp(
        SignUpRequest(username: "bob", email: "bob@example.com", password: "correct horse"))
      let hashes = try await storage.column("SELECT password_hash FROM users ORDER BY id")
      #expect(hashes.count == 2)
      #expect(hashes.allSatisfy { $0.hasPrefix("$y$") && !$0.contains("correct horse") })
      #expect(hashes[0] != hashes[1], "same password, different salts")
      #expect(PasswordHash.verify("correct horse", against: hashes[0]))
      #expect(!PasswordHash.verify("wrong horse", against: hashes[0]))
    }
  }

  @Test(arguments: DirectoryBackend.tested, ["", "alice", "alice@", "a b@example.com"])
  func invalidEmailsAreRejected(backend: DirectoryBackend, email: String) async throws {
    try await backend.withStorage { storage in
      await #expect(throws: UserDirectoryError.invalidEmail(email)) {
        try await storage.directory().signUp(SignUpRequest(username: "alice", email: email, password: "12345678"))
      }
    }
  }

  @Test(arguments: DirectoryBackend.tested)
  func twoConnectionsRacingForOneNameGiveItToExactlyOne(backend: DirectoryBackend) async throws {
    try await backend.withStorage { storage in
      let first = storage.directory()
      let second = storage.directory()
      _ = try await first.isUsernameAvailable("x")
      _ = try await second.isUsernameAvailable("x")
      async let a = Result { try await first.signUp(Self.alice) }
      async let b = Result {
        try await second.signUp(SignUpRequest(username: "ALICE", email: "b@example.com", password: "12345678"))
      }
      let results = await [a, b]
      #expect(results.filter { if case .success = $0 { true } else { false } }.count == 1)
      let failures = results.compactMap { result -> UserDirectoryError? in
        if case .failure(let error) = result { error as? UserDirectoryError } else { nil }
      }
      #expect(failures.count == 1)
      if case .usernameTaken? = failures.first {} else { Issue.record("expected usernameTaken, got \(failures)") }
      #expect(try await storage.column("SELECT count(*) FROM users") == ["1"])
    }
  }

  @Test(arguments: DirectoryBackend.tested)
  func aRequestSentAgainGetsItsFirstAnswerAndOneAccount(backend: DirectoryBackend) async throws {
    try await backend.withStorage { storage in
      var request = Self.alice
      request.requestID = "3f2a-01"
      try await storage.directory().signUp(request)
      // Another server, as after a reconnect through the load balancer: the name is taken, by
      // this very request, which hears success again.
      let other = storage.directory()
      #expect(try await !other.isUsernameAvailable("alice"))
      #expect(try await other.storedSignUp("3f2a-01") == "alice")
      #expect(try await other.storedSignUp("unknown") == nil)
      try await other.signUp(request)
      #expect(try await storage.column("SELECT request_id FROM users") == ["3f2a-01"])
      // The id with another name is refused: it already created an account.
      await #expect(throws: UserDirectoryError.requestIDReused("3f2a-01")) {
        try await other.signUp(
          SignUpRequest(username: "mallory", email: "m@example.com", password: "12345678", requestID: "3f2a-01"))
      }
      await #expect(throws: UserDirectoryError.self) {
        try await other.signUp(
          SignUpRequest(username: "bob", email: "b@example.com", password: "12345678", requestID: "no spaces"))
      }
      #expect(try await storage.column("SELECT count(*) FROM users") == ["1"])
    }
  }

  @Test(arguments: DirectoryBackend.tested)
  func oneRequestSentTwiceAtOnceMakesOneAccountAndTwoSuccesses(backend: DirectoryBackend) async throws {
    try await backend.withStorage { storage in
      let request = SignUpRequest(
        username: "alice", email: "alice@example.com", password: "correct horse", requestID: "twice")
      let first = storage.directory()
      let second = storage.directory()
      async let a = Result { try await first.signUp(request) }
      async let b = Result { try await second.signUp(request) }
      let failures = await [a, b].compactMap { result -> String? in
        if case .failure(let error) = result { "\(error)" } else { nil }
      }
      #expect(failures == [], "a retry was refused")
      let count = try await storage.column("SELECT count(*) FROM users")
      #expect(count == ["1"])
    }
  }
}

extension Result where Failure == any Error {
  init(catching body: () async throws -> Success) async {
    do { self = .success(try await body()) } catch { self = .failure(error) }
  }
}
