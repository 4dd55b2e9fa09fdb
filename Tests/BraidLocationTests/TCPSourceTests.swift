import Braid
import BraidLocation
import BraidLocationLive
import Foundation
import Testing

@MainActor
struct TCPSourceTests {
  typealias Recorded = LiveLocationClientTests.Recorded

  static let epochs = [
    "$GPGGA,132820.60,4134.49821229,N,09345.03351845,W,2,09,1.0,278.020,M,-31.442,M,7.6,0133*7E\r\n",
    "$GPRMC,132820.60,A,4134.49821229,N,09345.03351845,W,3.252,92.308,180320,11.5985,E,D*1A\r\n",
    "$GPGGA,132820.70,4134.49822493,N,09345.03347183,W,2,09,1.0,277.995,M,-31.442,M,7.6,0133*77\r\n",
  ]

  @Test func aTCPStreamDeliversFixesReportsTheDisconnectAndReconnects() async throws {
    // First connection: two epochs (the second closes at the end of the stream), then noise;
    // second connection: one epoch.
    let server = try LoopbackServer(payloads: [
      Self.epochs.joined() + "garbage \u{0}\u{1}\n$GPGGA,bad*00\n",
      Self.epochs[2],
    ])
    defer { server.stop() }
    let clock = TestClock()
    let store = LiveLocationClientTests.store(
      .live(source: .nmeaTCP(host: "127.0.0.1", port: server.port), clock: clock))
    let task = store.send(.start)
    await LiveLocationClientTests.until(store) { $0.errors.count == 1 }
    #expect(store.state.fixes.count == 2)
    #expect(store.state.errors == [.disconnected("127.0.0.1:\(server.port)")])
    // Reconnects after one second of the injected clock.
    await clock.advance(by: .seconds(1))
    await LiveLocationClientTests.until(store) { $0.errors.count == 2 }
    #expect(store.state.fixes.count == 3)
    #expect(server.acceptedConnections == 2)
    store.send(.stop)
    await task.finish()
    #expect(store.runningEffectCount == 0)
  }

  @Test func aRefusedConnectionIsReportedAndRetriedWithBackoff() async throws {
    // A port that was just free: nothing listens there.
    let server = try LoopbackServer(payloads: [])
    let port = server.port
    server.stop()
    let clock = TestClock()
    let store = LiveLocationClientTests.store(.live(source: .nmeaTCP(host: "127.0.0.1", port: port), clock: clock))
    let task = store.send(.start)
    await LiveLocationClientTests.until(store) { $0.errors.count == 1 }
    #expect(store.state.errors == [.sourceUnavailable("127.0.0.1:\(port): Connection refused")])
    await clock.advance(by: .seconds(1))
    await LiveLocationClientTests.until(store) { $0.errors.count == 2 }
    // The second wait is two seconds: after one more second nothing new has happened.
    await clock.advance(by: .seconds(1))
    #expect(store.state.errors.count == 2)
    await clock.advance(by: .seconds(1))
    await LiveLocationClientTests.until(store) { $0.errors.count == 3 }
    store.send(.stop)
    await task.finish()
  }

  @Test func backoffDoublesUpToThirtySeconds() {
    let waits = (1...8).map { NMEATCPStreamBackoff.wait(attempt: $0) }
    #expect(waits == [1, 2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
  }
}
