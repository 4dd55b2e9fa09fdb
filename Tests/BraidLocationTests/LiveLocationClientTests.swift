import Braid
import BraidLocation
import BraidLocationLive
import BraidTestSupport
import BraidTesting
import Foundation
import Testing

/// Bounded: a regression that stops a source from delivering fails, never hangs the run.
@MainActor
@Suite(.checksStoreLeaks, .hangGuard)
struct LiveLocationClientTests {
  static let rtkLog = NMEAGoldenTests.fixtures.appendingPathComponent("nmea-rtk.log").path

  struct Recorded: Equatable {
    var authorizations: [LocationManager.AuthorizationStatus] = []
    var fixes: [Location] = []
    var errors: [LocationError] = []
    var statuses: [LocationSourceStatus] = []
  }

  enum Action: Sendable, Equatable {
    case start, request, stop
    case location(LocationManager.Action)
  }

  struct ID: Hashable, Sendable {}

  static func store(_ client: LocationClient) -> Store<Recorded, Action> {
    Store(initialState: Recorded()) {
      Reduce<Recorded, Action> { state, action in
        switch action {
        case .start:
          return .merge(client.create(ID()).map(Action.location), client.startUpdatingLocation(ID()).fireAndForget())
        case .request:
          return .merge(client.create(ID()).map(Action.location), client.requestLocation(ID()).fireAndForget())
        case .stop:
          return client.destroy(ID()).fireAndForget()
        case .location(.didChangeAuthorization(let status)): state.authorizations.append(status)
        case .location(.didUpdateLocations(let fixes)): state.fixes += fixes
        case .location(.didFailWithError(let error)): state.errors.append(error)
        case .location(.didUpdateSourceStatus(let status)): state.statuses.append(status)
        }
        return .none
      }
    }
  }

  /// Waits until `condition` holds for the store's state, failing the test after 50 s: before
  /// the suite's time limit, so a source that stops delivering fails here, with its state.
  static func until(
    _ store: Store<Recorded, Action>, _ condition: @escaping @Sendable (Recorded) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let held = await store.until(within: .seconds(50), condition)
    #expect(held, "the condition never held; the state: \(store.state)", sourceLocation: sourceLocation)
  }

  @Test func aReplayAsFastAsPossibleDeliversEveryFixThenReportsTheEnd() async {
    let store = Self.store(.live(source: .nmeaFile(path: Self.rtkLog, speed: 0)))
    let task = store.send(.start)
    await Self.until(store) { !$0.errors.isEmpty }
    #expect(store.state.authorizations == [.authorizedWhenInUse])
    #expect(store.state.fixes.count == 122)
    #expect(store.state.errors == [.disconnected("end of the NMEA log \(Self.rtkLog)")])
    // Opened, one status per decoded fix, then closed after the last line: 244 sentences and
    // the 9 comment lines of the license header, which are skipped.
    #expect(store.state.statuses.first == LocationSourceStatus(isOpen: true))
    #expect(store.state.statuses.count == 1 + 122 + 1)
    #expect(store.state.statuses.last == LocationSourceStatus(isOpen: false, linesRead: 253, linesSkipped: 9))
    store.send(.stop)
    await task.finish()
    #expect(store.runningEffectCount == 0)
  }

  @Test func aPacedReplayFollowsTheInjectedClock() async {
    let clock = TestClock()
    let store = Self.store(.live(source: .nmeaFile(path: Self.rtkLog, speed: 1), clock: clock))
    let task = store.send(.start)
    await Self.until(store) { $0.fixes.count == 1 }
    // The log's fixes are 0.1 s apart: one more per 100 ms of the test clock, advanced once the
    // replay's thread sleeps until the next one.
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .milliseconds(100))
    await Self.until(store) { $0.fixes.count == 2 }
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .milliseconds(300))
    await Self.until(store) { $0.fixes.count == 5 }
    store.send(.stop)
    await task.finish()
    await clock.advance(by: .seconds(10))
    #expect(store.state.fixes.count == 5)
    #expect(store.runningEffectCount == 0)
  }

  @Test func aMissingFileIsReportedAndTheManagerKeepsRunning() async {
    let path = "/nonexistent/braid/drive.nmea"
    let client = LocationClient.live(source: .nmeaFile(path: path))
    #expect(client.authorizationStatus() == .unavailable)
    let store = Self.store(client)
    let task = store.send(.start)
    await Self.until(store) { !$0.errors.isEmpty }
    #expect(store.state.authorizations == [.unavailable])
    #expect(store.state.errors == [.sourceUnavailable("\(path): no such file")])
    #expect(store.runningEffectCount == 1)
    store.send(.stop)
    await task.finish()
  }

  @Test func aOneShotRequestTimesOutOnTheInjectedClock() async throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("braid-empty-\(UUID()).nmea")
    try Data("$GPGSV,1,1,00*79\r\n".utf8).write(to: empty)
    defer { try? FileManager.default.removeItem(at: empty) }
    let clock = TestClock()
    let store = Self.store(
      .live(source: .nmeaFile(path: empty.path, speed: 0, loop: false), clock: clock, requestTimeout: .seconds(5)))
    let task = store.send(.request)
    await Self.until(store) { !$0.errors.isEmpty }
    #expect(store.state.errors == [.disconnected("end of the NMEA log \(empty.path)")])
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .seconds(5))
    await Self.until(store) { $0.errors.count == 2 }
    #expect(store.state.errors.last == .locationUnknown)
    store.send(.stop)
    await task.finish()
  }

  @Test func aOneShotRequestGetsTheNextFix() async {
    let store = Self.store(.live(source: .nmeaFile(path: Self.rtkLog, speed: 0)))
    let task = store.send(.request)
    await Self.until(store) { !$0.errors.isEmpty }
    // Not updating: only the fix that answered the request is delivered.
    #expect(store.state.fixes.count == 1)
    store.send(.stop)
    await task.finish()
  }
}
