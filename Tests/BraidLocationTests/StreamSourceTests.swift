import Braid
import BraidLocation
import BraidLocationLive
import BraidTesting
import Foundation
import Testing

/// The TCP, gpsd and serial sources (the serial and real-gpsd tests are in extensions).
/// Serialized: each test checks that every descriptor of the live client is closed after.
@MainActor
@Suite(.checksStoreLeaks, .serialized, .timeLimit(.minutes(3)))
struct StreamSourceTests {
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
    // Five lines read (three sentences, the garbage line and the bad sentence), two skipped.
    #expect(store.state.statuses.last == LocationSourceStatus(isOpen: false, linesRead: 5, linesSkipped: 2))
    // Reconnects after one second of the injected clock, once the reconnecting task sleeps.
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .seconds(1))
    await LiveLocationClientTests.until(store) { $0.errors.count == 2 }
    #expect(store.state.fixes.count == 3)
    #expect(server.acceptedConnections == 2)
    store.send(.stop)
    await task.finish()
    #expect(store.runningEffectCount == 0)
    await Self.untilDescriptorsClosed()
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
    #expect(await clock.waitForSleepers(1))
    #expect(clock.nextDeadline == clock.now.advanced(by: .seconds(1)))
    await clock.advance(by: .seconds(1))
    await LiveLocationClientTests.until(store) { $0.errors.count == 2 }
    // The second wait is two seconds, read off the clock rather than hoped from a quiet second.
    #expect(await clock.waitForSleepers(1))
    #expect(clock.nextDeadline == clock.now.advanced(by: .seconds(2)))
    await clock.advance(by: .seconds(2))
    await LiveLocationClientTests.until(store) { $0.errors.count == 3 }
    store.send(.stop)
    await task.finish()
  }

  @Test func destroyingAManagerMidStreamClosesItsDescriptor() async throws {
    // A server that sends one whole epoch (closed by the next one's GGA) and keeps the
    // connection open until the test ends.
    let server = try LoopbackServer(payloads: [Self.epochs.joined()], holdOpen: true)
    defer { server.stop() }
    let store = LiveLocationClientTests.store(.live(source: .nmeaTCP(host: "127.0.0.1", port: server.port)))
    let task = store.send(.start)
    await LiveLocationClientTests.until(store) { $0.fixes.count == 1 }
    #expect(LineConnection.openDescriptorCount == 1)
    store.send(.stop)
    await task.finish()
    await Self.untilDescriptorsClosed()
    #expect(LineConnection.openDescriptorCount == 0)
  }

  /// Waits until `count` descriptors are open: resumed by the opening itself, not by polling.
  static func untilDescriptorsOpen(_ count: Int) async {
    let reached = await LineConnection.openDescriptors.until { $0 >= count }
    #expect(reached, "\(LineConnection.openDescriptorCount) of \(count) descriptors opened")
  }

  /// Waits until the reading thread has closed every descriptor after the shutdown.
  static func untilDescriptorsClosed() async {
    let closed = await LineConnection.openDescriptors.until { $0 == 0 }
    #expect(closed, "\(LineConnection.openDescriptorCount) descriptors still open")
  }

  @Test func gpsdReportsBecomeFixes() async throws {
    let reports = [
      #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#,
      #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/3","activated":"2026-11-24T00:00:00.000Z"}]}"#,
      #"{"class":"WATCH","enable":true,"json":true}"#,
      #"{"class":"TPV","mode":3,"lat":55.686591667,"lon":37.621453333}"#,
      #"{"class":"TPV","mode":3,"time":"2014-05-26T08:14:11.000Z","lat":55.686591667,"lon":37.621453333,"altMSL":66.2,"speed":0.309,"track":301.29,"eph":92.53,"epv":23.0,"status":2}"#,
      #"{"class":"TPV","mode":3,"time":"2014-05-26T08:14:11.000Z","lat":55.686591667,"lon":37.621453333}"#,
      #"{"class":"TPV","mode":1,"time":"2014-05-26T08:14:12.000Z"}"#,
      #"{"class":"SKY","satellites":[]}"#,
      "not json at all",
      #"{"class":"TPV","mode":2,"time":"2014-05-26T08:14:12.000Z","lat":55.686593333,"lon":37.621461667}"#,
    ]
    let server = try LoopbackServer(payloads: [reports.joined(separator: "\n") + "\n"], readsLineFirst: true)
    defer { server.stop() }
    let store = LiveLocationClientTests.store(.live(source: .gpsd(host: "127.0.0.1", port: server.port)))
    let task = store.send(.start)
    await LiveLocationClientTests.until(store) { !$0.errors.isEmpty }
    #expect(server.receivedLines == [#"?WATCH={"enable":true,"json":true}"#])
    #expect(store.state.fixes.count == 2)
    let first = try #require(store.state.fixes.first)
    #expect(first.latitude == 55.686591667)
    #expect(first.altitude == 66.2)
    #expect(first.speed == 0.309)
    #expect(first.course == 301.29)
    #expect(first.horizontalAccuracy == 92.53)
    #expect(first.quality == .differential)
    #expect(store.state.fixes.last?.longitude == 37.621461667)
    #expect(store.state.errors == [.disconnected("gpsd at 127.0.0.1:\(server.port)")])
    store.send(.stop)
    await task.finish()
    await Self.untilDescriptorsClosed()
  }

  @Test func backoffDoublesUpToThirtySeconds() {
    let waits = (1...8).map { LocationSourceBackoff.wait(attempt: $0) }
    #expect(waits == [1, 2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
  }
}
