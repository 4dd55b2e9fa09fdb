import BraidTestSupport
import Foundation
import SignUpCLI
import Testing
import UserDirectoryClient
import UserDirectoryLive

/// `submit` with a request id: one outcome line per submit, and a retry on a new connection
/// (another server, after the first died) answered from the stored id, not "taken".
@Suite struct SignUpServerRequestIDTests {
  /// Fills the form for `username` on a new connection, sends `submit` (with `requestID`), and
  /// returns the outcome or error line that answers it.
  static func submit(_ username: String, requestID: String?, port: UInt16) -> [String: Any]? {
    guard let client = LineClient(port: port) else { return nil }
    for line in [
      "type username \(username)", "type email \(username)@example.com", "type password correct horse battery",
      "type verification correct horse battery",
    ] {
      client.send(line)
    }
    guard client.next(where: { $0["usernameAvailable"] is Bool }) != nil else { return nil }
    client.send(requestID.map { "submit \($0)" } ?? "submit")
    return client.next { ["outcome", "error"].contains($0["type"] as? String) }
  }

  @Test func aRetryWithItsRequestIDHearsItsStoredOutcomeNotTaken() async throws {
    let path = SignUpServerTests.databasePath()
    let server = SignUpServer(directory: .live(path: path)) { _ in }
    let port = try server.start(port: 0)
    let answers = await SignUpServerTests.onThreads(1) { _ in
      [
        Self.submit("zoë", requestID: "7f1c-1", port: port),
        Self.submit("Zoë", requestID: "7f1c-1", port: port),
        Self.submit("ZOË", requestID: "another-id", port: port),
        Self.submit("zoe", requestID: "not valid!", port: port),
      ].map { $0.map(Self.strings) }
    }[0]
    await server.stop()
    #expect(answers[0]?["outcome"] == "signedUp")
    #expect(answers[0]?["stored"] == "false")
    #expect(answers[0]?["requestId"] == "7f1c-1")
    #expect(answers[1]?["outcome"] == "signedUp", "the retry was told \(answers[1] ?? [:])")
    #expect(answers[1]?["stored"] == "true")
    #expect(answers[1]?["username"] == "zoë")
    // A new id for the same (folded) name is a new sign-up, which the form refuses: taken.
    #expect(answers[2]?["type"] == "error")
    #expect(answers[2]?["outcome"] == "usernameTaken")
    #expect(answers[3]?["type"] == "error")
    #expect(answers[3]?["message"]?.hasPrefix("expected a request id") == true)
    #expect(answers[3]?["outcome"] == nil, "not a refused submit: a line that is not one")
    #expect(try SignUpServerTests.storedUsers(path) == ["zoë": 1])
  }

  @Test func everyOutcomeIsTypedForScripts() async throws {
    let taken = UserDirectory(
      isUsernameAvailable: { _ in true },
      signUp: { throw UserDirectoryError.usernameTaken($0.username) })
    let server = SignUpServer(directory: taken) { _ in }
    let port = try server.start(port: 0)
    let answer = await SignUpServerTests.onThreads(1) { _ in
      Self.submit("alice", requestID: nil, port: port).map(Self.strings)
    }[0]
    await server.stop()
    #expect(answer?["outcome"] == "usernameTaken")
    #expect(answer?["requestId"] == "<null>")
    #expect(answer?["stored"] == "false")
  }

  static func strings(_ object: [String: Any]) -> [String: String] {
    object.mapValues { value in
      switch value {
      case let flag as Bool: "\(flag)"
      case is NSNull: "<null>"
      default: "\(value)"
      }
    }
  }
}
