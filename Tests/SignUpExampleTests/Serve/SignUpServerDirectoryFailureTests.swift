import BraidTestSupport
import Foundation
import SignUpCLI
import Testing
import UserDirectoryClient

/// A user directory whose storage fails, served: its clients hear only that it is unavailable,
/// and the server's log says why.
struct SignUpServerDirectoryFailureTests {
  @Test func storageFailuresReachTheLogAndNotTheClient() async throws {
    let details = #"could not connect to server: host "db.internal" (10.0.0.5), port 5432, role "braid_admin""#
    let directory = UserDirectory(
      isUsernameAvailable: { username in
        if username == "fail" { throw UserDirectoryError.storage(details) }
        return true
      },
      signUp: { _ in throw UserDirectoryError.storage(details) }
    )
    let log = Recorder<String>()
    let server = SignUpServer(directory: directory) { log.append($0) }
    let port = try server.start(port: 0)
    let seen = await SignUpServerTests.onThreads(1) { _ -> [String] in
      guard let client = LineClient(port: port) else { return [] }
      var seen: [String] = []
      client.send("type username fail")
      client.send("wait 400ms")
      let failed = client.next { object in
        seen.append("\(object)")
        return (object["usernameStatus"] as? String)?.hasPrefix("could not check") == true
      }
      seen.append(failed?["usernameStatus"] as? String ?? "no failed check")
      for line in [
        "type username bea", "type email bea@example.com", "type password correct horse",
        "type verification correct horse", "wait 400ms", "submit",
      ] {
        client.send(line)
      }
      let outcome = client.next { object in
        seen.append("\(object)")
        return object["type"] as? String == "outcome"
      }
      seen.append(outcome?["outcome"] as? String ?? "no outcome")
      return seen
    }[0]
    await server.stop()
    #expect(seen.contains("could not check: The user directory is unavailable; try again later."), "\(seen)")
    #expect(seen.last == "failed", "\(seen)")
    #expect(!seen.contains { $0.contains("db.internal") || $0.contains("braid_admin") }, "\(seen)")
    #expect(log.values.filter { $0.contains(details) }.count == 2, "\(log.values)")
  }
}
