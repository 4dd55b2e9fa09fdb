import BraidLocation
import BraidLocationLive
import Foundation
import Testing

/// How a replay is paced, and what it makes of files that are not NMEA logs.
struct NMEAFileReplayTests {
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
}
