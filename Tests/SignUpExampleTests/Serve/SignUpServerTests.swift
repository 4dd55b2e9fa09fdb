import Braid
import BraidSQLite
import BraidTestSupport
import Dispatch
import Foundation
import SignUpCLI
import Testing
import UserDirectoryClient
import UserDirectoryLive

/// `braid-demo serve` in process: a server on port 0 and clients over real TCP sockets, each
/// on a thread of its own (their reads block; the server's stores run on the cooperative pool).
@Suite struct SignUpServerTests {
  /// A fresh database path under the system's temporary folder.
  static func databasePath() -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-serve-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("users.sqlite").path
  }

  /// Runs `body` for each of `count` clients, each on a thread of its own, and returns their
  /// results in order once all have returned.
  static func onThreads<Result: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> Result) async -> [Result] {
    let results = SanitizerVisibleMutex([Int: Result]())
    let group = DispatchGroup()
    for index in 0..<count {
      group.enter()
      let thread = Thread {
        let result = body(index)
        results.withLock { $0[index] = result }
        group.leave()
      }
      thread.stackSize = 256 * 1024
      thread.start()
    }
    await withCheckedContinuation { continuation in
      group.notify(queue: .global()) { continuation.resume() }
    }
    return results.withLock { results in (0..<count).map { results[$0]! } }
  }

  /// What one client's sign-up came to.
  enum Outcome: Sendable, Equatable {
    case accepted(String)
    case rejected(String, reason: String)
    case hung(String)
  }

  /// Signs `username` up over a connection, as a form would: the four fields, then `submit`
  /// once the server has said whether the name is available (a client that submits earlier
  /// is told the name has not been checked yet). Reads until the server says how it went.
  static func signUp(_ username: String, port: UInt16) -> Outcome {
    guard let client = LineClient(port: port) else { return .hung("\(username): cannot connect") }
    for line in [
      "type username \(username)", "type email \(username)@example.com", "type password correct horse battery",
      "type verification correct horse battery",
    ] {
      client.send(line)
    }
    guard client.next(where: { $0["usernameAvailable"] is Bool }) != nil else { return .hung(username) }
    client.send("submit")
    let answer = client.next { object in
      if object["type"] as? String == "error", object["line"] as? Int == 5 { return true }
      return object["alert"] is [String: Any]
    }
    guard let answer else { return .hung(username) }
    if let alert = answer["alert"] as? [String: Any], alert["title"] as? String == "Signed up" {
      return .accepted(username)
    }
    let reason = (answer["alert"] as? [String: Any])?["message"] as? String ?? answer["message"] as? String ?? ""
    return .rejected(username, reason: reason)
  }

  /// The stored usernames and how many rows each has.
  static func storedUsers(_ path: String) throws -> [String: Int] {
    let database = try SQLiteDatabase(path: path)
    defer { database.close() }
    var counts: [String: Int] = [:]
    for row in try database.query("SELECT username, COUNT(*) FROM users GROUP BY username") {
      if case .text(let name) = row[0], case .integer(let count) = row[1] { counts[name] = Int(count) }
    }
    return counts
  }

  @Test func twoHundredClientsRaceAndEveryAcceptedUserIsStoredOnce() async throws {
    let path = Self.databasePath()
    let server = SignUpServer(directory: .live(path: path)) { _ in }
    let port = try server.start(port: 0)
    // Every fifth client races its neighbour for the same name.
    var names = (0..<200).map { String(format: "user%04d", $0) }
    for index in stride(from: 0, to: 200, by: 5) { names[index] = names[index + 1] }
    let requested = names
    let outcomes = await Self.onThreads(200) { Self.signUp(requested[$0], port: port) }
    await server.stop()

    let hung = outcomes.filter { if case .hung = $0 { true } else { false } }
    #expect(hung.isEmpty, "no answer within 30 s: \(hung.prefix(3))")
    let accepted = outcomes.compactMap { if case .accepted(let name) = $0 { name } else { nil } }
    let rejected = outcomes.compactMap { if case .rejected(let name, let reason) = $0 { (name, reason) } else { nil } }
    #expect(accepted.count == 160)
    #expect(Set(accepted) == Set(names))
    #expect(rejected.count == 40)
    for (name, reason) in rejected {
      #expect(reason.contains("taken"), "\(name) was rejected without a reason that says why: \(reason)")
    }
    let stored = try Self.storedUsers(path)
    #expect(stored.count == 160)
    #expect(stored.values.allSatisfy { $0 == 1 })
    #expect(Set(stored.keys) == Set(names))
    #expect(server.connectionCount == 0)
  }

  @Test func badLinesAreAnsweredWithErrorsAndTheConnectionStaysUsable() async throws {
    let server = SignUpServer(directory: .noop) { _ in }
    let port = try server.start(port: 0)
    let answers = await Self.onThreads(1) { _ -> [[String: String]] in
      guard let client = LineClient(port: port) else { return [] }
      _ = client.nextObject()  // the initial state
      client.send(bytes: Array(repeating: UInt8(ascii: "x"), count: 5_000) + [UInt8(ascii: "\n")])
      client.send(bytes: [0xFF, 0xFE, 0x20, 0x67, 0x0A])
      client.send("fly to the moon")
      client.send("type username zed")
      var seen: [[String: String]] = []
      while seen.count < 4, let object = client.nextObject() {
        seen.append([
          "type": object["type"] as? String ?? "", "message": object["message"] as? String ?? "",
          "username": object["username"] as? String ?? "",
        ])
      }
      return seen
    }[0]
    await server.stop()
    #expect(
      answers == [
        ["type": "error", "message": "line longer than 4096 bytes; ignored", "username": ""],
        ["type": "error", "message": "line is not UTF-8; ignored", "username": ""],
        ["type": "error", "message": "unknown command: fly …", "username": ""],
        ["type": "state", "message": "", "username": "zed"],
      ])
  }

  @Test func aSubmitWhileOneIsInFlightIsRefusedAndTheFirstCompletes() async throws {
    let gate = Gate()
    let directory = UserDirectory(
      isUsernameAvailable: { _ in true },
      signUp: { _ in await gate.wait() }
    )
    let server = SignUpServer(directory: directory) { _ in }
    let port = try server.start(port: 0)
    let answers = await Self.onThreads(1) { _ -> [String] in
      guard let client = LineClient(port: port) else { return [] }
      for line in [
        "type username ann", "type email ann@example.com", "type password correct horse",
        "type verification correct horse", "wait 400ms", "submit",
      ] {
        client.send(line)
      }
      _ = client.next { $0["signingUp"] as? Bool == true }
      client.send("submit")
      let refusal = client.next { $0["type"] as? String == "error" }?["message"] as? String ?? "none"
      gate.open()
      let alert = client.next { $0["alert"] is [String: Any] }?["alert"] as? [String: Any]
      return [refusal, alert?["title"] as? String ?? "none"]
    }[0]
    await server.stop()
    #expect(answers == ["a sign-up is already in progress", "Signed up"])
  }

  @Test func aClientThatLeavesMidSubmitLosesNothing() async throws {
    let gate = Gate()
    let committed = Recorder<String>()
    let directory = UserDirectory(
      isUsernameAvailable: { _ in true },
      signUp: { request in
        await gate.wait()
        // A sign-up cancelled with its store would stop here.
        try Task.checkCancellation()
        committed.append(request.username)
      }
    )
    let log = Recorder<String>()
    let server = SignUpServer(directory: directory) { log.append($0) }
    let port = try server.start(port: 0)
    let left = await Self.onThreads(1) { _ -> Bool in
      guard let client = LineClient(port: port) else { return false }
      for line in [
        "type username bea", "type email bea@example.com", "type password correct horse",
        "type verification correct horse", "wait 400ms", "submit",
      ] {
        client.send(line)
      }
      return client.next { $0["signingUp"] as? Bool == true } != nil
    }[0]
    #expect(left)
    // The client has gone (its socket closed with its thread); the server says it completes
    // the sign-up, which is still held at the gate.
    #expect(await log.waitForCount(2))
    #expect(
      Set(log.values) == [
        "connection 1: the client is gone; closing", "connection 1: completing the sign-up in flight before closing",
      ])
    #expect(committed.values.isEmpty)
    gate.open()
    await server.stop()
    #expect(committed.values == ["bea"])
  }

  @Test func aBusyDatabaseHoldsUpOnlyTheWorkThatNeedsIt() async throws {
    let path = Self.databasePath()
    // The checks wait for the lock longer than the served client waits for its answer (30 s):
    // a server stalled by the waiting checks fails that client, while a loaded machine that
    // is slow to bring the three checks to the lock fails nothing (with 10 s, 1 run in 20 of
    // the loaded gauge on one core saw a check give up).
    let live = UserDirectory.live(path: path, busyTimeout: .seconds(120))
    // Create the schema, then hold the database with a transaction of another connection.
    #expect(try await live.isUsernameAvailable("nobody"))
    let other = try SQLiteDatabase(path: path)
    try other.execute("BEGIN EXCLUSIVE")
    let checking = DispatchSemaphore(value: 0)
    let directory = UserDirectory(
      isUsernameAvailable: { username in
        checking.signal()
        return try await live.isUsernameAvailable(username)
      },
      signUp: live.signUp
    )
    let server = SignUpServer(directory: directory) { _ in }
    let port = try server.start(port: 0)
    let served = DispatchSemaphore(value: 0)
    let release = Task.detached {
      // The lock goes only once the client that needs no database has been answered: if
      // waiting for the lock stalled the server, that answer would come only when the checks
      // gave up (after the busy timeout), and they would fail instead of succeeding.
      // Waited on a thread of its own: blocking one of the pool's would starve the stores.
      await withCheckedContinuation { continuation in
        Thread {
          served.wait()
          continuation.resume()
        }.start()
      }
      try? other.execute("ROLLBACK")
    }
    let answers = await Self.onThreads(4) { index -> String in
      // A waiting check's client waits for its answer as long as the check may wait for the lock.
      guard let client = LineClient(port: port, readTimeout: index < 3 ? .seconds(120) : .seconds(30)) else {
        return "cannot connect"
      }
      _ = client.nextObject()
      if index < 3 {
        // Three availability checks wait for the lock: more than the cooperative pool has
        // threads, so they would stall every store if they blocked it.
        client.send("type username waiter\(index)")
        return client.next { $0["usernameAvailable"] is Bool }?["usernameStatus"] as? String ?? "no answer"
      }
      // All three checks must have reached the directory before this client is served: else
      // it would be answered before they could have stalled anything.
      let allChecking = (0..<3).allSatisfy { _ in checking.wait(timeout: .now() + 30) == .success }
      guard allChecking else { return "the checks never reached the directory" }
      client.send("type email free@example.com")
      let answered = client.next { $0["email"] as? String == "free@example.com" } != nil
      served.signal()
      return answered ? "served" : "no answer"
    }
    await release.value
    other.close()
    await server.stop()
    #expect(answers == ["Username available", "Username available", "Username available", "served"])
  }
}
