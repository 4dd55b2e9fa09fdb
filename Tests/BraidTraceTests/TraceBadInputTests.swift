import Braid
import BraidTrace
import Foundation
import Testing

/// Every way a trace file can be wrong gets a typed error naming the line, never a crash.
@MainActor
@Suite struct TraceBadInputTests {
  /// A recorded trace's lines, changed by `edit`, written to a new file.
  static func edited(_ edit: (inout [String]) -> Void) async throws -> String {
    let source = temporaryTracePath("source")
    defer { try? FileManager.default.removeItem(atPath: source) }
    try await TraceRecorderTests.record([.increment, .add("a"), .increment], to: source).close()
    var lines = try lines(of: source)
    edit(&lines)
    let path = temporaryTracePath("edited")
    try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  static func replayError(_ path: String) -> TraceError? {
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      var replay = try TraceReplay(path: path, feature: Tally())
      _ = try replay.verify()
      return nil
    } catch {
      return error
    }
  }

  @Test func anEmptyFileAndAMissingFileAreRefused() throws {
    let path = temporaryTracePath()
    _ = FileManager.default.createFile(atPath: path, contents: Data())
    #expect(Self.replayError(path) == .empty)
    guard case .cannotRead? = Self.replayError(temporaryTracePath("missing")) else {
      Issue.record("a missing file was not reported as unreadable")
      return
    }
  }

  @Test func aHeaderOfAnotherFormatOrVersionIsRefusedOnLineOne() async throws {
    let version = try await Self.edited {
      $0[0] = $0[0].replacingOccurrences(of: #""version":1"#, with: #""version":9"#)
        .replacingOccurrences(of: #""version":2"#, with: #""version":9"#)
    }
    #expect(Self.replayError(version) == .unsupportedFormat(line: 1, found: "format braid-trace, version 9"))
    let garbage = try await Self.edited { $0[0] = "hello" }
    guard case .invalidLine(line: 1, _)? = Self.replayError(garbage) else {
      Issue.record("a garbage header was not refused on line 1")
      return
    }
  }

  @Test func aCorruptLineOrAnUnknownEventNamesItsLine() async throws {
    let corrupt = try await Self.edited { $0[5] = String($0[5].prefix(10)) + "}" }
    guard case .invalidLine(line: 6, _)? = Self.replayError(corrupt) else {
      Issue.record("a corrupt line 6 was not named")
      return
    }
    // Line 4 is the first action, event 2: an event after it is number 3.
    let unknown = try await Self.edited { $0.insert(#"{"event":"teleported","seq":3}"#, at: 4) }
    #expect(Self.replayError(unknown) == .invalidLine(line: 5, reason: "unknown event kind 'teleported'"))
  }

  @Test func aTraceCutOffMidLineVerifiesWhatCameBeforeAndSaysSo() async throws {
    let path = try await Self.edited { lines in
      // Keep the header, initial state, mount and the first action and state; cut the next action.
      lines = Array(lines.prefix(5)) + [String(lines[5].prefix(12))]
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    var replay = try TraceReplay(path: path, feature: Tally())
    guard case .verified(let steps, let endedMidLine) = try replay.verify() else {
      Issue.record("a cut-off trace diverged")
      return
    }
    #expect(steps == 1)
    #expect(endedMidLine)
  }

  @Test func aDroppedSpanStopsTheReplayAtItsLine() async throws {
    let path = try await Self.edited { $0.insert(#"{"count":3,"event":"dropped"}"#, at: 5) }
    #expect(
      Self.replayError(path)
        == .invalidLine(line: 6, reason: "the recorder dropped 3 event(s) here; the trace cannot be replayed past it"))
  }

  @Test func aReadThatIsNotAUUIDOrAClockOffsetNamesItsLine() async throws {
    // Line 4 is the first action: a read after it belongs to its reduction.
    let uuid = try await Self.edited { $0.insert(#"{"event":"read","seq":3,"time":1,"uuid":"not-a-uuid"}"#, at: 4) }
    #expect(Self.replayError(uuid) == .invalidLine(line: 5, reason: "a uuid read that is not a UUID"))
    let now = try await Self.edited { $0.insert(#"{"event":"read","now":[1],"seq":3,"time":1}"#, at: 4) }
    #expect(Self.replayError(now) == .invalidLine(line: 5, reason: "a clock read that is not [seconds, attoseconds]"))
  }

  @Test func aLineRepeatedInsertedOrMovedIsRefusedNamingIt() async throws {
    // Lines: 1 header, 2 initial state, 3 mount (event 1), 4 first action (2), 5 its state (3).
    let repeated = try await Self.edited { $0.insert($0[3], at: 4) }
    #expect(
      Self.replayError(repeated)
        == .invalidLine(line: 5, reason: "event number 2 where 3 was due: a line repeated, inserted or moved"))
    let far = try await Self.edited {
      $0.insert(#"{"action":{"increment":{}},"event":"action","origin":"external","seq":1000,"time":1}"#, at: 4)
    }
    #expect(
      Self.replayError(far)
        == .invalidLine(line: 5, reason: "event number 1000 where 3 was due: a line repeated, inserted or moved"))
    // An action taking the number of the state line after it: that state line is then out of place.
    let reused = try await Self.edited {
      $0.insert(#"{"action":{"increment":{}},"event":"action","origin":"external","seq":3,"time":1}"#, at: 4)
    }
    #expect(
      Self.replayError(reused)
        == .invalidLine(line: 6, reason: "event number 3 where 4 was due: a line repeated, inserted or moved"))
    let moved = try await Self.edited { $0.swapAt(3, 4) }
    #expect(
      Self.replayError(moved)
        == .invalidLine(line: 4, reason: "event number 3 where 2 was due: a line repeated, inserted or moved"))
    let unnumbered = try await Self.edited { $0[3] = $0[3].replacingOccurrences(of: #","seq":2"#, with: "") }
    #expect(Self.replayError(unnumbered) == .invalidLine(line: 4, reason: "an action event without its seq field"))
    let untimed = try await Self.edited { $0[3] = $0[3].replacing(#/,"time":\d+/#, with: "") }
    #expect(Self.replayError(untimed) == .invalidLine(line: 4, reason: "an action event without its time field"))
  }

  @Test func aNullStateOrActionIsRefusedNamingItsLine() async throws {
    let initial = try await Self.edited { $0[1] = #"{"digest":"0","event":"initial","state":null}"# }
    #expect(Self.replayError(initial) == .invalidLine(line: 2, reason: "the state is null"))
    let action = try await Self.edited {
      $0[3] = #"{"action":null,"event":"action","origin":"external","seq":2,"time":1}"#
    }
    #expect(Self.replayError(action) == .invalidLine(line: 4, reason: "the action is null"))
    // Keyframes every 2 actions: the second state line (line 7, event 5) holds a state.
    // Its keys are sorted: the state comes between `seq` and `time`.
    let keyframe = try await Self.edited { lines in
      guard let start = lines[6].range(of: #""state":"#), let end = lines[6].range(of: #","time":"#) else { return }
      lines[6].replaceSubrange(start.upperBound..<end.lowerBound, with: "null")
    }
    #expect(Self.replayError(keyframe) == .invalidLine(line: 7, reason: "the state is null"))
  }

  /// Every reader takes a line's fields from one typed event: a line missing one its kind
  /// requires is refused by the timeline and the emitter too, naming it. Before, both skipped
  /// an effect event without its effect, and the timeline drew that effect running to the end.
  @Test func anEventMissingAFieldItsKindRequiresIsRefusedByEveryReader() async throws {
    let source = temporaryTracePath("source")
    defer { try? FileManager.default.removeItem(atPath: source) }
    try await TraceRecorderTests.record([.increment, .load], to: source).close()
    var lines = try lines(of: source)
    let finished = try #require(lines.firstIndex { $0.contains(#""event":"effectFinished""#) })
    lines[finished] = lines[finished].replacing(#/"effect":"[0-9.]+",/#, with: "")
    let path = temporaryTracePath("edited")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
    let refusal = TraceError.invalidLine(line: finished + 1, reason: "an effectFinished event without its effect field")
    #expect(throws: refusal) { try TraceTimeline.html(path: path, feature: Tally()) }
    #expect(throws: refusal) { try TraceTestEmitterTests.emitter.emit(path: path, feature: Tally()) }
  }

  /// A line without end is refused at the length cap, reading each byte once: before, each read
  /// searched the whole buffer again, and a 64 MiB line took minutes.
  @Test(.timeLimit(.minutes(1)))
  func aDeviceThatNeverEndsALineIsRefusedAtTheCap() throws {
    let link = temporaryTracePath("zero")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/zero")
    #expect(Self.replayError(link) == .invalidLine(line: 1, reason: "longer than 64 MiB"))
  }
}
