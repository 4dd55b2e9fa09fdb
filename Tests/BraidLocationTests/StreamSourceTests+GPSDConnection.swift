import Braid
import BraidLocation
import BraidLocationLive
import BraidTestSupport
import Foundation
import Testing

extension StreamSourceTests {
  /// While the live client streams from a real gpsd fed at a receiver's pace (the RTK log's
  /// epochs, one every 100 ms, as its 10 Hz receiver sent them), it holds exactly one connection
  /// to gpsd: counted by the kernel after each of the first 20 fixes, opened once, never
  /// reported disconnected. Once the manager is destroyed, no connection to gpsd is left.
  ///
  /// gpsd itself drops a client it cannot write a whole report to (a short write), and the
  /// client then reconnects after ``LocationSourceBackoff``'s first wait; this test keeps the
  /// reader's pace so that a drop here is the client's own doing.
  @Test(.needs("gpsd", isInstalled: GPSDProcess.isInstalled, package: "gpsd"))
  func aLiveGpsdClientHoldsOneConnectionWhileItStreams() async throws {
    let terminal = try PseudoTerminal()
    let gpsd = try GPSDProcess(device: terminal.devicePath)
    defer {
      terminal.hangUp()
      gpsd.stop()
    }
    let log = try String(contentsOfFile: LiveLocationClientTests.rtkLog, encoding: .utf8)
    let sentences = log.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("$") }.map { String($0) + "\r\n" }
    // One epoch per write: its GGA and RMC sentences.
    let epochs = stride(from: 0, to: sentences.count - 1, by: 2).map { sentences[$0] + sentences[$0 + 1] }
    terminal.feed("", thenCycling: epochs, pausingAfterEach: .milliseconds(100))

    // gpsd takes a moment to listen: until it does, the source retries on the real clock.
    let store = LiveLocationClientTests.store(.live(source: .gpsd(host: "127.0.0.1", port: gpsd.port)))
    let task = store.send(.start)
    let dropped = { @Sendable (state: LiveLocationClientTests.Recorded) in
      state.errors.contains { if case .disconnected = $0 { true } else { false } }
    }
    var connections: [Int] = []
    for fixes in 1...20 {
      await LiveLocationClientTests.until(store) { $0.fixes.count >= fixes || dropped($0) }
      connections.append(EstablishedConnections.count(toRemotePort: gpsd.port))
    }
    let opens = zip([false] + store.state.statuses.map(\.isOpen), store.state.statuses.map(\.isOpen))
      .filter { !$0 && $1 }.count
    #expect(
      connections == Array(repeating: 1, count: 20),
      "connections to gpsd after each of the first 20 fixes: \(connections); gpsd printed: \(gpsd.output)")
    #expect(opens == 1)
    #expect(!dropped(store.state), "errors: \(store.state.errors)")

    store.send(.stop)
    await task.finish()
    await Self.untilDescriptorsClosed()
    #expect(EstablishedConnections.count(toRemotePort: gpsd.port) == 0)
  }
}
