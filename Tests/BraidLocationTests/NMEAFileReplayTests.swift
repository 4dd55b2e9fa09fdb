import Braid
import BraidLocation
import BraidLocationLive
import BraidTestSupport
import BraidTesting
import Foundation
import Testing

/// How a replay is paced, and what it makes of files that are not NMEA logs.
@MainActor
@Suite(.checksStoreLeaks, .hangGuard)
struct NMEAFileReplayTests {
  typealias Recorded = LiveLocationClientTests.Recorded

  /// Replays `path` as fast as possible until its first error; returns what the manager sent.
  static func replay(_ path: String, loop: Bool = false) async -> Recorded {
    let store = LiveLocationClientTests.store(.live(source: .nmeaFile(path: path, speed: 0, loop: loop)))
    let task = store.send(.start)
    await LiveLocationClientTests.until(store) { !$0.errors.isEmpty }
    store.send(.stop)
    await task.finish()
    return store.state
  }

  /// A temporary file holding `bytes`.
  static func file(_ bytes: some Sequence<UInt8>) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("braid-replay-\(UUID()).nmea")
    try Data(bytes).write(to: url)
    return url
  }

  static func fix(at seconds: Double?) -> Location {
    Location(latitude: 1, longitude: 2, timestamp: seconds.map { Date(timeIntervalSince1970: 1_600_000_000 + $0) })
  }

  @Test func aPauseIsTheGapBetweenFixesDividedByTheSpeed() {
    #expect(NMEAFileReplay.pause(from: Self.fix(at: 0), to: Self.fix(at: 0.1), speed: 1) == .milliseconds(100))
    #expect(NMEAFileReplay.pause(from: Self.fix(at: 0), to: Self.fix(at: 1), speed: 4) == .milliseconds(250))
    #expect(NMEAFileReplay.pause(from: Self.fix(at: 0), to: Self.fix(at: 1), speed: 0.5) == .seconds(2))
    // Without timestamps, a second; a fix older than the one before it, no wait.
    #expect(NMEAFileReplay.pause(from: Self.fix(at: nil), to: Self.fix(at: 5), speed: 1) == .seconds(1))
    #expect(NMEAFileReplay.pause(from: Self.fix(at: 5), to: Self.fix(at: 0), speed: 1) == .zero)
  }

  @Test func aLongGapInTheLogIsReplayedAsTheLongestReplayedGap() {
    // The bundled log stops for 10 s; a receiver can lose its fix for hours.
    #expect(LocationSource.longestReplayedGap == .seconds(2))
    for gap in [10.0, 3_600, 1e300, .infinity] {
      #expect(NMEAFileReplay.pause(from: Self.fix(at: 0), to: Self.fix(at: gap), speed: 1) == .seconds(2), "\(gap)")
    }
    #expect(NMEAFileReplay.pause(from: Self.fix(at: 0), to: Self.fix(at: 10), speed: 4) == .milliseconds(500))
  }

  @Test func anyTimestampOrSpeedGivesABoundedPauseNeverACrash() {
    // 1e-300 once overflowed the conversion of the pause to a Duration and trapped.
    for speed in [1e-300, 1e-20, -5, .leastNonzeroMagnitude, .nan, -.infinity] {
      #expect(NMEAFileReplay.pause(from: Self.fix(at: 0), to: Self.fix(at: 10), speed: speed) == .seconds(200))
    }
    for speed in [1e300, .infinity, .greatestFiniteMagnitude] {
      #expect(NMEAFileReplay.pause(from: Self.fix(at: 0), to: Self.fix(at: 1), speed: speed) == .milliseconds(1))
    }
    #expect(NMEAFileReplay.pause(from: Self.fix(at: 0), to: Self.fix(at: .nan), speed: 1) == .zero)
  }

  @Test func aDirectoryIsUnavailableNotASilentWait() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("braid-replay-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(LocationClient.live(source: .nmeaFile(path: directory.path)).authorizationStatus() == .unavailable)
    let recorded = await Self.replay(directory.path)
    #expect(recorded.errors == [.sourceUnavailable("\(directory.path): is a directory")])
    #expect(recorded.fixes.isEmpty)
  }

  @Test func aFileWithoutLineEndsIsMalformedAfterTheLineLengthLimit() async {
    // /dev/zero never ends and never sends a line end.
    let recorded = await Self.replay("/dev/zero")
    #expect(
      recorded.errors == [.malformedInput("/dev/zero: a line longer than 4096 bytes after 0 line(s): not an NMEA log")])
    #expect(recorded.statuses.last == LocationSourceStatus(isOpen: false, linesRead: 0, linesSkipped: 0))
  }

  @Test func theFixesBeforeAnOverlongLineAreDeliveredThenItIsReported() async throws {
    let log = try String(contentsOfFile: LiveLocationClientTests.rtkLog, encoding: .utf8)
    let url = try Self.file(Array(log.utf8) + [UInt8](repeating: 0x41, count: 10_000) + Array("\n$GPGGA\n".utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    let recorded = await Self.replay(url.path)
    #expect(recorded.fixes.count == 122)
    #expect(
      recorded.errors == [
        .malformedInput("\(url.path): a line longer than 4096 bytes after 253 line(s): not an NMEA log")
      ])
    #expect(recorded.statuses.last == LocationSourceStatus(isOpen: false, linesRead: 253, linesSkipped: 9))
  }

  @Test func anEmptyFileOrOneWithoutAFixEndsEvenWhenLooped() async throws {
    for bytes in [[], Array("$GPGSV,1,1,00*79\r\nnoise\n".utf8)] {
      let url = try Self.file(bytes)
      defer { try? FileManager.default.removeItem(at: url) }
      for loop in [false, true] {
        let recorded = await Self.replay(url.path, loop: loop)
        #expect(recorded.errors == [.disconnected("end of the NMEA log \(url.path)")])
        #expect(recorded.statuses.last?.isOpen == false)
        #expect(recorded.statuses.last?.linesRead == (bytes.isEmpty ? 0 : 2))
      }
    }
  }
}
