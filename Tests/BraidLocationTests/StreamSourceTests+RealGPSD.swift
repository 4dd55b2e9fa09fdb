import Braid
import BraidLocation
import BraidLocationLive
import BraidTestSupport
import Foundation
import Testing

extension StreamSourceTests {
  /// A real gpsd reads the RTK log from a pseudo-terminal, as it reads a receiver, and Braid's
  /// gpsd source reads gpsd's reports. The log is fed again and again (gpsd drops what arrives
  /// while it identifies the device, and what it reads before Braid's `?WATCH`) until every epoch
  /// has arrived through gpsd; each fix must be the one Braid's own NMEA reader gives for the same
  /// UTC time. Times are compared by time of day: gpsd 3.22 moves dates before 2017 by 1024
  /// weeks.
  @Test(
    .needs("gpsd", isInstalled: GPSDProcess.isInstalled, package: "gpsd"),
    // Under a sanitizer, decoding gpsd's stream takes the processor from the rest of a parallel
    // suite for a minute (its serve and clock tests then hit their time limits); `.ci/run`'s
    // plain pass runs this test, the sanitizer passes look for races and memory errors.
    .disabled(
      if: ProcessInfo.processInfo.environment["BRAID_SANITIZER"] != nil,
      "gpsd's report stream is too heavy under a sanitizer; the plain run covers it"))
  func aRealGpsdServesTheFixesBraidReadsFromTheSameLog() async throws {
    let expected = try EpochComparison.epochs(in: NMEAGoldenTests.fixes(in: "nmea-rtk.log").fixes)
    #expect(expected.count == 122)
    let terminal = try PseudoTerminal()
    let gpsd = try GPSDProcess(device: terminal.devicePath)
    defer {
      terminal.hangUp()
      gpsd.stop()
    }
    let log = try String(contentsOfFile: LiveLocationClientTests.rtkLog, encoding: .utf8)
    let sentences = log.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("$") }.map { $0 + "\r\n" }.joined()
    // The log again and again, as a receiver repeats its epochs, with a pause between repeats:
    // fed back to back, gpsd sent thousands of reports a second, and the rest of a parallel
    // suite starved behind them (its tests hit their time limits, under the address sanitizer
    // even with a 250 ms pause).
    terminal.feed("", then: sentences, pausingBetweenRepeats: .seconds(1))

    // gpsd takes a moment to listen: the source retries on the real clock, after 1 s then 2 s.
    let client = LocationClient.live(source: .gpsd(host: "127.0.0.1", port: gpsd.port))
    // On an actor of its own: every report is reduced there, never on the main actor, which the
    // rest of a parallel suite needs.
    let store = StoreActor(initialState: EpochComparison.State(expected: expected)) {
      EpochComparison(client: client)
    }
    let task = await store.send(.start)
    // A few seconds on an idle machine. The bound is wide because a whole suite pinned to one
    // core shares the processor: there gpsd, finding Braid's socket full, drops reports, and
    // epochs arrive only on later passes (83 of 122 after 30 s in one of 24 gauge runs).
    let complete = await store.until(within: .seconds(150)) { $0.matched.count == expected.count }
    await store.send(.stop)
    await task.finish()
    await Self.untilDescriptorsClosed()

    let state = await store.state
    #expect(
      complete,
      """
      after 150 s, \(expected.count - state.matched.count) of \(expected.count) epochs had not arrived through gpsd \
      (\(state.received) fixes; errors \(state.errors); gpsd running: \(gpsd.isRunning); it printed: \(gpsd.output))
      """)
    #expect(state.matched.count == 122)
    #expect(state.mismatches.isEmpty, "\(state.mismatches.count) mismatches: \(state.mismatches.prefix(10))")
  }
}

/// Compares each fix that arrives through gpsd with Braid's own fix for the same epoch, as it
/// arrives (gpsd sends thousands a second while the log loops).
struct EpochComparison: Reducer {
  struct State: Equatable, Sendable {
    /// Braid's fixes from the log, by millisecond of the day.
    let expected: [Int: Location]
    /// The epochs that arrived through gpsd and matched.
    var matched: Set<Int> = []
    var received = 0
    var mismatches: [String] = []
    var errors: [LocationError] = []
  }

  enum Action: Sendable {
    case start, stop
    case location(LocationManager.Action)
  }

  struct ID: Hashable, Sendable {}

  let client: LocationClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .merge(client.create(ID()).map(Action.location), client.startUpdatingLocation(ID()).fireAndForget())
    case .stop:
      return client.destroy(ID()).fireAndForget()
    case .location(.didUpdateLocations(let fixes)):
      for fix in fixes { compare(fix, &state) }
    case .location(.didFailWithError(let error)):
      state.errors.append(error)
    case .location(.didChangeAuthorization), .location(.didUpdateSourceStatus):
      break
    }
    return .none
  }

  private func compare(_ fix: Location, _ state: inout State) {
    state.received += 1
    guard let time = Self.millisecondOfDay(fix), let braid = state.expected[time] else {
      state.mismatches.append("gpsd sent a fix for an epoch not in the log: \(fix)")
      return
    }
    var problems: [String] = []
    if abs(fix.latitude - braid.latitude) > 1e-6 || abs(fix.longitude - braid.longitude) > 1e-6 {
      problems.append("position gpsd \(fix.latitude), \(fix.longitude); Braid \(braid.latitude), \(braid.longitude)")
    }
    if let speed = fix.speed, let braidSpeed = braid.speed, abs(speed - braidSpeed) > 0.01 {
      problems.append("speed gpsd \(speed), Braid \(braidSpeed)")
    }
    if let course = fix.course, let braidCourse = braid.course, abs(course - braidCourse) > 0.1 {
      problems.append("track gpsd \(course), Braid \(braidCourse)")
    }
    if problems.isEmpty {
      state.matched.insert(time)
    } else {
      state.mismatches.append("at \(time) ms of the day: " + problems.joined(separator: "; "))
    }
  }

  /// Braid's fixes by millisecond of the day.
  static func epochs(in fixes: [Location]) throws -> [Int: Location] {
    var epochs: [Int: Location] = [:]
    for fix in fixes { epochs[try #require(millisecondOfDay(fix))] = fix }
    return epochs
  }

  /// The milliseconds since midnight UTC of a fix's time.
  static func millisecondOfDay(_ fix: Location) -> Int? {
    guard let timestamp = fix.timestamp else { return nil }
    return Int((timestamp.timeIntervalSince1970 * 1000).rounded()) % 86_400_000
  }
}
