import Braid
import BraidTestSupport
import BraidTrace
import Foundation
import Testing

/// `TraceTimingCheck` runs the timing operators' waits of a replayed trace on a test clock: a
/// throttle, whose parts the plain replay cannot compare (a throttle decides them as it
/// starts), is checked in time, and one of another interval fails at the recorded event its
/// held-back tap no longer meets.
@MainActor
struct TraceTimingCheckTests {
  /// Taps counted at most once a `window`, the latest held back to the end of the window.
  struct Taps: Reducer {
    struct State: Codable, Equatable { var taps = 0 }
    enum Action: Codable, Equatable, Sendable {
      case tapped
      case counted
    }
    var window: Duration = .seconds(1)
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tapped:
        let clock: any Clock<Swift.Duration> = self.clock
        return counted(on: clock)
      case .counted:
        state.taps += 1
        return .none
      }
    }

    private func counted<C: Clock<Swift.Duration>>(on clock: C) -> Effect<Action> {
      .run { send in await send(.counted) }.throttle(id: "taps", for: window, clock: clock, latest: true)
    }
  }

  /// A search debounced by 300 ms on the clock dependency.
  struct Search: Reducer {
    struct State: Codable, Equatable { var query = "" }
    enum Action: Codable, Equatable, Sendable {
      case typed(String)
      case found(String)
    }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard case .typed(let query) = action else { return .none }
      state.query = query
      let clock: any Clock<Swift.Duration> = self.clock
      return .run { send in await send(.found(query)) }.debounce(id: "search", for: .milliseconds(300), clock: clock)
    }
  }

  /// "a" typed at 0 ms and "ab" at `second` ms, as a live clock would stamp them: everything
  /// from the second keystroke on moved from the test clock's 200 ms to `second`.
  static func recordSearch(to path: String, secondAt second: Double) async throws {
    let clock = TestClock()
    let recorder = TraceRecorder<Search.State, Search.Action>(
      feature: "Search", initialState: .init(), sink: try .file(at: path))
    var store: Store<Search.State, Search.Action>? = Store(initialState: .init(), inspector: recorder.inspector) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store?.send(.typed("a"))
    await clock.advance(by: .milliseconds(200))
    store?.send(.typed("ab"))
    await clock.advance(by: .milliseconds(300))
    await clock.run()
    store = nil
    try recorder.close()
    let shift = Int64(second * 1_000_000) - 200_000_000
    let moved = try lines(of: path).map { line -> String in
      guard let match = line.firstMatch(of: /"time":(\d+)/), let time = Int64(match.1), time >= 200_000_000 else {
        return line
      }
      return line.replacingOccurrences(of: "\"time\":\(time)", with: "\"time\":\(time + shift)")
    }
    try (moved.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// A keystroke 0.5 ms after the first wait's deadline cancelled it before its task woke: the
  /// replay leaves a wait due that close before an action waiting, as the recording's was.
  @Test func aKeystrokeThatBeatAWaitsWakeUpIsNoDivergence() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await Self.recordSearch(to: path, secondAt: 300.5)
    let divergence = try await TraceTimingCheck.check(path: path, feature: Search())
    #expect(divergence == nil, "\(divergence.map(String.init(describing:)) ?? "")")
  }

  /// At 310 ms the first wait had long ended: a recording in which it started nothing is not
  /// what this feature does.
  @Test func aWaitThatShouldHaveEndedBeforeAKeystrokeDiverges() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await Self.recordSearch(to: path, secondAt: 310)
    let found = try #require(try await TraceTimingCheck.check(path: path, feature: Search()))
    #expect(found.step == 1, "\(found)")
    #expect(
      found.reason
        == #"the replay started effect #2 (run under search, started by effect #1) at 300 ms, which the recording did not"#,
      "\(found)")
  }

  /// Three taps, at 0, 100 and 200 ms; the last, held back, is counted at 1 s.
  static func record(to path: String) async throws {
    let clock = TestClock()
    let recorder = TraceRecorder<Taps.State, Taps.Action>(
      feature: "Taps", initialState: .init(), sink: try .file(at: path))
    var store: Store<Taps.State, Taps.Action>? = Store(initialState: .init(), inspector: recorder.inspector) {
      Taps()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store?.send(.tapped).finish()
    await clock.advance(by: .milliseconds(100))
    store?.send(.tapped)
    await clock.advance(by: .milliseconds(100))
    store?.send(.tapped)
    await clock.expectSleepers(1)
    await clock.advance(by: .milliseconds(800))
    await clock.run()
    #expect(store?.state.taps == 2)
    store = nil
    try recorder.close()
  }

  @Test func aThrottledTraceReplaysInTime() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await Self.record(to: path)
    let divergence = try await TraceTimingCheck.check(path: path, feature: Taps())
    #expect(divergence == nil, "\(divergence.map(String.init(describing:)) ?? "")")
  }

  @Test func aThrottleOfAnotherWindowDivergesInTime() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await Self.record(to: path)
    // The plain replay compares no part of a throttled effect: it passes.
    var replay = try TraceReplay(path: path, feature: Taps(window: .milliseconds(150)))
    guard case .verified = try replay.verify() else {
      Issue.record("the plain replay was meant to pass a throttle of another window")
      return
    }
    let divergence = try await TraceTimingCheck.check(path: path, feature: Taps(window: .milliseconds(150)))
    let found = try #require(divergence)
    #expect(found.reason.contains("throttle"), "\(found)")
    #expect(found.step >= 2, "\(found)")
  }

  @Test func aVersionOneTraceIsNotCheckedInTime() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await Self.record(to: path)
    var text = try String(contentsOfFile: path, encoding: .utf8)
    text = text.replacingOccurrences(of: #""version":2"#, with: #""version":1"#)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(try await TraceTimingCheck.check(path: path, feature: Taps(window: .milliseconds(150))) == nil)
  }
}
