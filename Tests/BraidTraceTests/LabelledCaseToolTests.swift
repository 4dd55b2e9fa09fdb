import Braid
import BraidExploration
import BraidTrace
import Foundation
import Testing

/// Cases with one labelled value (`sendResponse(didSucceed:)`) and cases overloaded by their
/// labels (`set(x:)`, `set(y:)`) through every tool that reads enums by reflection: recording,
/// replay, emitted tests, dumps, digests and exploration's coverage.
@MainActor
@Suite struct LabelledCaseToolTests {
  /// A web-socket-like feature, as TCA's case study spells its actions.
  struct Socket: Reducer {
    struct State: Codable, Equatable {
      var protocolName: String?
      var sent = 0
      var failed = 0
      var volume = 0
    }

    enum Action: Codable, Equatable, Sendable {
      case didOpen(protocol: String?)
      case sendResponse(didSucceed: Bool)
      case volume(action: VolumeAction)
    }

    enum VolumeAction: Codable, Equatable, Sendable {
      case raise(by: Int)
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.volume, action: /Action.volume) {
        Reduce { volume, action in
          switch action {
          case .raise(let amount): volume += amount
          }
          return .none
        }
      }
      Reduce { state, action in
        switch action {
        case .didOpen(let name): state.protocolName = name
        case .sendResponse(true): state.sent += 1
        case .sendResponse(false): state.failed += 1
        case .volume: break
        }
        return .none
      }
    }
  }

  /// Actions overloaded by label cannot have synthesized `Codable`: these reach the tools that
  /// need no encoding.
  enum Pointer: Equatable, Sendable {
    case set(x: Int)
    case set(y: Int)
    case reset
  }

  static let session: [Socket.Action] = [
    .didOpen(protocol: "wss"), .sendResponse(didSucceed: true), .volume(action: .raise(by: 3)),
    .sendResponse(didSucceed: false), .didOpen(protocol: nil),
  ]

  func record(to path: String) async throws {
    let recorder = TraceRecorder<Socket.State, Socket.Action>(
      feature: "Socket", initialState: Socket.State(), sink: try .file(at: path))
    var store: Store<Socket.State, Socket.Action>? = Store(initialState: Socket.State(), inspector: recorder.inspector)
    {
      Socket()
    }
    for action in Self.session { await store?.send(action).finish() }
    #expect(store?.state == Socket.State(protocolName: nil, sent: 1, failed: 1, volume: 3))
    store = nil
    try recorder.close()
  }

  @Test func aSessionOfLabelledCasesRecordsAndReplaysThroughItsScope() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await record(to: path)
    #expect(try lines(of: path).contains { $0.contains(#"{"sendResponse":{"didSucceed":true}}"#) })
    var replay = try TraceReplay(path: path, feature: Socket())
    guard case .verified(let steps, _) = try replay.verify() else {
      Issue.record("the replay diverged")
      return
    }
    #expect(steps == 5)
    #expect(replay.state.volume == 3)
  }

  @Test func anEmittedTestSpellsLabelledCasesAsSourceDoes() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await record(to: path)
    let emitter = TraceTestEmitter(testName: "socket", imports: [], reducer: "Socket()")
    let source = try emitter.emit(path: path, feature: Socket())
    #expect(source.contains(#"await store.send(.didOpen(protocol: "wss")) {"#))
    #expect(source.contains("await store.send(.sendResponse(didSucceed: true)) {"))
    #expect(source.contains("await store.send(.volume(action: .raise(by: 3))) {"))
    #expect(source.contains("await store.send(.didOpen(protocol: nil)) {"))
  }

  @Test func dumpsDiffsAndDigestsKeepLabelsAndTellOverloadsApart() {
    #expect(ValueDump.dump(Socket.Action.sendResponse(didSucceed: true)) == ".sendResponse(didSucceed: true)")
    #expect(ValueDump.dump(Pointer.set(x: 1)) == ".set(x: 1)")
    #expect(ValueDump.dump(Pointer.set(y: 1)) == ".set(y: 1)")
    let diff = ValueDump.diff(Pointer.set(x: 1), Pointer.set(y: 1))
    #expect(diff?.contains("− .set(x: 1)") == true, "\(diff ?? "no diff")")
    #expect(diff?.contains("+ .set(y: 1)") == true, "\(diff ?? "no diff")")
    #expect(StateDigest.of(Pointer.set(x: 1)) != StateDigest.of(Pointer.set(y: 1)))
    #expect(StateDigest.of(Pointer.set(x: 1)) == StateDigest.of(Pointer.set(x: 1)))
  }

  @Test func casePathsNameOverloadedCasesWithTheirLabels() {
    #expect((/Pointer.set(x:)).caseName == "set(x:)")
    #expect((/Pointer.set(y:)).caseName == "set(y:)")
    #expect((/Socket.Action.sendResponse).caseName == "sendResponse")
  }

  @Test func explorationCoverageCountsEachOverloadApart() async {
    struct Pointing: Reducer {
      struct State: Equatable { var x = 0, y = 0 }
      func reduce(into state: inout State, action: Pointer) -> Effect<Pointer> {
        switch action {
        case .reset: state = State()
        default:
          // Overloads cannot be told apart by a pattern: read the label the payload carries.
          let payload = Mirror(reflecting: action).children.first.map { Mirror(reflecting: $0.value).children.first }
          if payload??.label == "x" { state.x += 1 } else { state.y += 1 }
        }
        return .none
      }
    }
    let exploration = Exploration(
      initialState: Pointing.State(), reducer: Pointing(),
      actions: [.action("set x", .set(x: 1)), .action("set y", .set(y: 1))],
      invariants: [.state("never negative") { $0.x >= 0 && $0.y >= 0 }])
    let report = await exploration.run(seed: 1, steps: 200)
    let coverage = report.coverage
    #expect(coverage.cases == ["set(x:)", "set(y:)", "reset"])
    #expect((coverage.sent["set(x:)"] ?? 0) + (coverage.sent["set(y:)"] ?? 0) == 200)
    #expect((coverage.sent["set(x:)"] ?? 0) > 0 && (coverage.sent["set(y:)"] ?? 0) > 0)
    #expect(coverage.neverOccurred == ["reset"])
  }
}
