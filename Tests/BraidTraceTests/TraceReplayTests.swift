import Braid
import BraidTrace
import Foundation
import Testing

@MainActor
@Suite struct TraceReplayTests {
  static let session: [Tally.Action] = [
    .increment, .add("b"), .add("a"), .stamp, .roll, .move(x: 2, y: 3), .load, .add("b"), .stamp, .increment,
    // Every character JSON escapes, and some it does not.
    .add("q\"b\\s\n\t\u{1}é😀"),
  ]

  @Test func aRecordedSessionReplaysToTheSameStatesWithItsUUIDsAndRandomNumbers() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await TraceRecorderTests.record(Self.session, to: path).close()
    var replay = try TraceReplay(path: path, feature: Tally())
    guard case .verified(let steps, let endedMidLine) = try replay.verify() else {
      Issue.record("the replay diverged")
      return
    }
    // The effect's `loaded` is replayed as recorded: 12 actions.
    #expect(steps == 12)
    #expect(!endedMidLine)
    #expect(replay.state.stamps.count == 2)
    #expect(replay.state.byName == ["a": 1, "b": 2, "q\"b\\s\n\t\u{1}é😀": 1])
  }

  @Test func anotherRuleDivergesAtItsFirstStepWithTheDiff() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await TraceRecorderTests.record([.add("x"), .increment, .add("y"), .increment], to: path).close()
    var replay = try TraceReplay(path: path, feature: Tally(step: 5))
    guard case .diverged(let divergence) = try replay.verify() else {
      Issue.record("a changed rule replayed without divergence")
      return
    }
    #expect(divergence.step == 2)
    #expect(divergence.action == ".increment")
    #expect(divergence.replayedChange?.contains("+   count: 5,") == true)
    // Keyframes every 2 actions: step 2 has one, recorded count 1 against replayed 5.
    #expect(divergence.keyframeStep == 2)
    #expect(divergence.keyframeDiff?.contains("−   count: 1,") == true)
    #expect(divergence.keyframeDiff?.contains("+   count: 5,") == true)
    #expect(divergence.description.hasPrefix("diverged at step 2 (line "))
  }

  @Test func aReducerThatReadsAValueTheRecordingLacksDiverges() async throws {
    struct Stamping: Reducer {
      typealias State = Tally.State
      typealias Action = Tally.Action
      @Dependency(\.uuid) var uuid
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        if action == .increment { state.stamps.append(uuid()) }
        return Tally().reduce(into: &state, action: action)
      }
    }
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await TraceRecorderTests.record([.add("x"), .increment], to: path).close()
    var replay = try TraceReplay(path: path, feature: Stamping())
    guard case .diverged(let divergence) = try replay.verify() else {
      Issue.record("an extra uuid read went unnoticed")
      return
    }
    #expect(divergence.step == 2)
    #expect(divergence.reason == "the reducer read a uuid the recording does not have")
  }

  /// Keeps the time a clock gave, when its instants are offsets (a test clock's, the replay's).
  struct Lapping: Reducer {
    struct State: Codable, Equatable { var laps: [Duration] = [] }
    enum Action: Codable, Equatable, Sendable { case lap }
    /// How many times a lap reads the clock: a replay that reads it more diverges.
    var reads = 1
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      for _ in 0..<reads {
        if let now = clock.now as? OffsetInstant<Duration> { state.laps.append(now.offset) }
      }
      return .none
    }
  }

  /// Records two laps, 1.5 s apart on a test clock.
  static func recordLaps(to path: String) async throws {
    let clock = TestClock()
    let recorder = TraceRecorder<Lapping.State, Lapping.Action>(
      feature: "Lapping", initialState: Lapping.State(), sink: try .file(at: path))
    var store: Store<Lapping.State, Lapping.Action>? = Store(
      initialState: Lapping.State(), inspector: recorder.inspector
    ) {
      Lapping()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store?.send(.lap).finish()
    await clock.advance(by: .milliseconds(1_500))
    await store?.send(.lap).finish()
    store = nil
    try recorder.close()
  }

  @Test func aClocksNowReadWhileReducingIsRecordedAndGivenBack() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await Self.recordLaps(to: path)
    #expect(try lines(of: path).contains { $0.contains(#""event":"read","now":[1,500000000000000000]"#) })

    var replay = try TraceReplay(path: path, feature: Lapping())
    guard case .verified(let steps, _) = try replay.verify() else {
      Issue.record("the replay diverged")
      return
    }
    #expect(steps == 2)
    #expect(replay.state.laps == [.zero, .milliseconds(1_500)])

    var twice = try TraceReplay(path: path, feature: Lapping(reads: 2))
    guard case .diverged(let divergence) = try twice.verify() else {
      Issue.record("an extra clock read went unnoticed")
      return
    }
    #expect(divergence.step == 1)
    #expect(divergence.reason == "the reducer read a clock's now the recording does not have")
  }

  @Test func stepsGoForwardBackAndJumpFromTheNearestKeyframe() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await TraceRecorderTests.record(Self.session, to: path, keyframeInterval: 3).close()
    var replay = try TraceReplay(path: path, feature: Tally())
    var states = [replay.state]
    while let step = try replay.forward() {
      #expect(step.mismatch == nil)
      states.append(step.after)
    }
    #expect(states.count == 13)
    for target in [7, 2, 0, 11, 5, 4] {
      #expect(try replay.jump(to: target))
      #expect(replay.step == target)
      #expect(replay.state == states[target], "state at step \(target)")
    }
    #expect(try replay.back())
    #expect(replay.state == states[3])
    #expect(try !replay.jump(to: 13))
  }

  @Test func anotherFeaturesTraceIsRefusedWithWhatChanged() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await TraceRecorderTests.record([.increment], to: path).close()
    struct Other: Reducer {
      struct State: Codable { var count = 0 }
      enum Action: Codable, Sendable { case increment }
      func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }
    #expect {
      try TraceReplay(path: path, feature: Other())
    } throws: { error in
      guard case TraceError.schemaMismatch(let feature, let changes) = error else { return false }
      return feature == "Tally" && changes.contains { $0.hasPrefix("the state type is ") }
    }
  }
}
