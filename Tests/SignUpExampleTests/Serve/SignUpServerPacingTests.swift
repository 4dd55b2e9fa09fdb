import BraidTestSupport
import Dispatch
import Foundation
import SignUpCLI
import Testing
import UserDirectoryClient

#if canImport(Glibc)
  import Glibc
#endif

/// How `serve` paces a client's input by its output: a client that reads gets every answer,
/// however many lines it sends at once; one that reads nothing is disconnected at the send
/// timeout.
struct SignUpServerPacingTests {
  /// A client that sends 20,000 lines in one write while it reads as fast as it can: its input
  /// is paced by its output, and it gets every answer. (Disconnected after 1,508 to 4,286
  /// answers when reading ran ahead of writing.)
  @Test func aClientThatPipelinesWhileReadingGetsEveryAnswer() async throws {
    let log = Recorder<String>()
    // Small bounds and buffers, so that output outruns the reading here as it does against a
    // release-built server and a slower client.
    var limits = SignUpServer.Limits()
    limits.pendingOutput = 16 * 1_024
    limits.socketSendBuffer = 4 * 1_024
    let server = SignUpServer(directory: .noop, limits: limits) { log.append($0) }
    let port = try server.start(port: 0)
    let count = 20_000
    let received = await SignUpServerTests.onThreads(1) { _ -> Int in
      guard let client = LineClient(port: port, receiveBufferSize: 4 * 1_024) else { return -1 }
      let sending = client.duplicateDescriptor()
      let bytes = Array(String(repeating: "show\n", count: count).utf8)
      let sender = Thread {
        var offset = 0
        while offset < bytes.count {
          let sent = bytes.withUnsafeBytes { send(sending, $0.baseAddress! + offset, bytes.count - offset, 0) }
          guard sent > 0 else { break }
          offset += sent
        }
        close(sending)
      }
      sender.start()
      var lines = 0
      while client.nextObject() != nil {
        lines += 1
        if lines == count + 1 { break }
      }
      return lines
    }[0]
    await server.stop()
    // The state line on connecting, then one per `show`.
    #expect(received == count + 1, "\(log.values)")
    #expect(!log.values.contains { $0.contains("stopped reading") || $0.contains("does not take") }, "\(log.values)")
  }

  @Test func aClientThatNeverReadsIsDisconnected() async throws {
    let log = Recorder<String>()
    var limits = SignUpServer.Limits()
    limits.pendingOutput = 16 * 1_024
    limits.sendTimeout = .seconds(2)
    let server = SignUpServer(directory: .noop, limits: limits) { log.append($0) }
    let port = try server.start(port: 0)
    let testIsDone = DispatchSemaphore(value: 0)
    let client = Task {
      await SignUpServerTests.onThreads(1) { _ -> Bool in
        guard let client = LineClient(port: port, readTimeout: .seconds(5), receiveBufferSize: 4_096) else {
          return false
        }
        // Ask for far more output (2,000 state lines, over 600 KB) than a small receive
        // buffer, the server's send buffer and the limit hold, never reading it. The server
        // stops taking its lines while its output waits, and drops the connection once a
        // write has waited the send timeout, rather than queue it all. The client stays
        // connected meanwhile: it is slow, not gone.
        for _ in 0..<20 { client.send(bytes: Array(String(repeating: "show\n", count: 100).utf8)) }
        testIsDone.wait()
        return true
      }[0]
    }
    #expect(await log.waitForCount(1, timeout: .seconds(30)))
    #expect(log.values.first?.contains("the client does not take its output") == true, "\(log.values)")
    testIsDone.signal()
    #expect(await client.value)
    await server.stop()
    #expect(server.connectionCount == 0)
  }
}
