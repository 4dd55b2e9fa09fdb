import BraidTestSupport
import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `braid-demo serve` as a process: the port line a client script waits for, and the descriptor
/// limit, set for the child alone (a process-wide limit set here would starve every test
/// running in parallel of descriptors).
struct ServeProcessTests {
  /// A running `braid-demo serve` started by `sh` with a descriptor limit, its port and its
  /// standard error.
  final class Server {
    let process = Process()
    let port: UInt16
    let descriptorLimit: Int
    private let errors = Pipe.forChild()

    init(descriptorLimit: Int, arguments: [String] = []) throws {
      self.descriptorLimit = descriptorLimit
      let output = Pipe.forChild()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        [
          "-c", "ulimit -n \(descriptorLimit) && exec \"$0\" serve --port 0 --database \"$@\"",
          BraidDemoProcessTests.executable.path, BraidDemoProcessTests.temporaryDatabase(),
        ] + arguments
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      // The first line: "braid-demo serve: listening on 127.0.0.1 port N".
      var line = Data()
      while !line.contains(UInt8(ascii: "\n")) {
        let byte = output.fileHandleForReading.readData(ofLength: 1)
        if byte.isEmpty { break }
        line += byte
      }
      let text = String(decoding: line, as: UTF8.self)
      guard let word = text.split(separator: " ").last, let port = UInt16(word.trimmingCharacters(in: .newlines))
      else { throw ServerError(message: "no port line: \(text)") }
      self.port = port
    }

    /// How many descriptors the server holds open now, numbered below its limit. A descriptor
    /// numbered above it was inherited from this test process (another test's pipe or socket,
    /// open while the child was spawned; seen as 722–729 in a loaded run) and takes no place
    /// the limit counts: the server can only open descriptors below it.
    var openDescriptors: Int {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd")
      else { return -1 }
      return names.filter { (Int($0) ?? 0) < descriptorLimit }.count
    }

    /// Waits until the server holds at most `count` descriptors: `nil` once it does, or what
    /// the server holds and what its threads wait in after 60 s (a wait on another process,
    /// bounded only so that a stuck server fails the test instead of hanging it).
    func waitForOpenDescriptors(atMost count: Int) -> String? {
      let deadline = Date().addingTimeInterval(60)
      while openDescriptors > count {
        if Date() > deadline { return snapshot() }
        usleep(10_000)
      }
      return nil
    }

    /// The server's open descriptors and the kernel function each of its threads waits in.
    private func snapshot() -> String {
      let process = "/proc/\(self.process.processIdentifier)"
      let manager = FileManager.default
      let descriptors = ((try? manager.contentsOfDirectory(atPath: "\(process)/fd")) ?? []).sorted().map { name in
        "\(name)→\((try? manager.destinationOfSymbolicLink(atPath: "\(process)/fd/\(name)")) ?? "?")"
      }
      var waits: [String: Int] = [:]
      for thread in (try? manager.contentsOfDirectory(atPath: "\(process)/task")) ?? [] {
        let wait = (try? String(contentsOfFile: "\(process)/task/\(thread)/wchan", encoding: .utf8)) ?? "?"
        waits[wait, default: 0] += 1
      }
      let threads = waits.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
      let held = descriptors.joined(separator: " ")
      return "\(descriptors.count) descriptors: \(held); threads: \(threads.joined(separator: ", "))"
    }

    /// Stops the server with SIGINT and returns its standard error.
    func stop() -> String {
      process.interrupt()
      process.waitUntilExit()
      return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
  }

  struct ServerError: Error {
    let message: String
  }

  /// Whether a new connection is served: it gets the form's first state line.
  static func isServed(_ client: LineClient) -> Bool {
    client.nextObject()?["type"] as? String == "state"
  }

  /// What a run against the descriptor limit saw.
  struct LimitRun: Sendable {
    var served = 0
    var refused = 0
    var earlyAnswered = false
    var servedAgain = false
    /// What the server still held when its descriptors did not come free.
    var descriptorsHeld: String?
    var log = ""
  }

  // Each test runs its clients and the server on a thread of its own (`onOwnThread`): their
  // reads block, and blocking the cooperative pool stalls every other test in the process.

  @Test func atTheDescriptorLimitNewConnectionsAreRefusedAndOldOnesServed() async throws {
    let run = try await onOwnThread { () throws -> LimitRun in
      var run = LimitRun()
      let server = try Server(descriptorLimit: 48)
      var open: [LineClient] = []
      for _ in 0..<80 {
        guard let client = LineClient(port: server.port, readTimeout: .seconds(10)) else { continue }
        if Self.isServed(client) {
          open.append(client)
        } else {
          run.refused += 1
        }
      }
      run.served = open.count
      if let first = open.first {
        // The connections made before the limit are still served.
        first.send("type username early")
        run.earlyAnswered = first.next { $0["username"] as? String == "early" } != nil
      }
      // Once some close, new connections are accepted again. Their descriptors come free when
      // the server has noticed (on a loaded machine, later than 50 quick attempts: 1 loaded
      // run in 3 saw every attempt refused), so that is awaited first: all ten, counted down
      // from what the server holds now. (A fixed "at most 43" passed at once: at the limit the
      // server holds about 40, since it takes a client only on a number below its reserve of
      // 8, and a CI run saw all 50 attempts refused before any of the ten had closed.)
      let held = server.openDescriptors
      let closing = min(10, open.count)
      open.removeLast(closing)
      run.descriptorsHeld = server.waitForOpenDescriptors(atMost: held - closing)
      for _ in 0..<50 where !run.servedAgain {
        guard let client = LineClient(port: server.port, readTimeout: .seconds(10)) else { continue }
        run.servedAgain = Self.isServed(client)
      }
      open.removeAll()
      run.log = server.stop()
      return run
    }
    #expect(run.served > 0, "no connection was served")
    #expect(run.refused > 0)
    #expect(run.earlyAnswered)
    #expect(run.descriptorsHeld == nil, "\(run.descriptorsHeld ?? "")")
    #expect(run.servedAgain)
    #expect(run.log.contains("refusing new connections until some close"), "stderr: \(run.log)")
    #expect(run.log.contains("accepting connections again"), "stderr: \(run.log)")
  }

  @Test func theFirstClientAfterTheLimitPassesIsServed() async throws {
    let run = try await onOwnThread { () throws -> LimitRun in
      var run = LimitRun()
      let server = try Server(descriptorLimit: 40)
      var clients: [LineClient] = []
      for _ in 0..<80 {
        guard let client = LineClient(port: server.port, readTimeout: .seconds(10)) else { continue }
        if Self.isServed(client) { clients.append(client) } else { run.refused += 1 }
      }
      clients.removeAll()
      // The connections are closed on the server's side too: half its descriptors are free
      // again (an idle server holds about 13: standard streams, the listener, its spare, the
      // runtime's timers and signal sources).
      run.descriptorsHeld = server.waitForOpenDescriptors(atMost: 20)
      // The very next client is served: the server does not wait for it with its spare
      // descriptor given up, to turn it away.
      if let next = LineClient(port: server.port, readTimeout: .seconds(10)) {
        run.servedAgain = Self.isServed(next)
      }
      run.log = server.stop()
      return run
    }
    #expect(run.refused > 0, "the limit was reached")
    #expect(run.descriptorsHeld == nil, "\(run.descriptorsHeld ?? ""); stderr: \(run.log)")
    #expect(run.servedAgain, "the next client was not served; stderr: \(run.log)")
  }
}
