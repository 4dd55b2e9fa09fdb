import BraidLocation
import BraidTestSupport
import BraidTools
import DemoCommandLine
import Foundation
import LocationTrackerCLI
import LocationTrackerFeature
import Testing

/// `braid-demo location` run in this process: which failures are usage errors (exit 64, with
/// the usage text) and which are runtime errors (exit 1, one line).
@MainActor
@Suite(.hangGuard)
struct LocationCommandTests {
  /// The failure `arguments` end in, or `nil` when the command succeeds.
  static func failure(_ arguments: [String]) async -> CommandError? {
    do {
      try await LocationCommand.run(arguments: arguments) {}
      return nil
    } catch {
      return error
    }
  }

  static func file(_ bytes: [UInt8]) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("braid-command-\(UUID()).nmea")
    try Data(bytes).write(to: url)
    return url.path
  }

  @Test func wrongOrConflictingFlagsAreUsageErrors() async {
    let cases: [([String], String)] = [
      (["--plain", "--json"], "--plain and --json cannot be used together"),
      (["--json", "--plain"], "--json and --plain cannot be used together"),
      (["--speed", "2", "--immediate"], "--speed and --immediate cannot be used together"),
      (["--speed", "1e-300"], "--speed needs a number from 0.01 to 1000"),
      (["--speed", "1001"], "--speed needs a number from 0.01 to 1000"),
      (["--nmea", "--plain"], "--nmea needs a file"),
      (["--bogus"], "unknown option '--bogus'"),
    ]
    for (arguments, message) in cases {
      let failure = await Self.failure(arguments)
      #expect(failure?.kind == .usage, "\(arguments)")
      #expect(failure?.exitStatus == 64, "\(arguments)")
      #expect(failure?.message == message, "\(arguments)")
    }
  }

  @Test func aSourceThatCannotBeReadIsARuntimeError() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("braid-command-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let cases: [([String], String)] = [
      (["--nmea", "/nonexistent/drive.nmea"], "cannot open '/nonexistent/drive.nmea': no such file"),
      (["--nmea", directory.path], "cannot open '\(directory.path)': is a directory"),
      (["--serial", "/dev/no-such-receiver"], "cannot open '/dev/no-such-receiver': no such device"),
      (
        ["--nmea", "/dev/zero"],
        "Malformed location input: /dev/zero: a line longer than 4096 bytes after 0 line(s): not an NMEA log"
      ),
    ]
    for (arguments, message) in cases {
      for output in ["--plain", "--json"] {
        let failure = await Self.failure(arguments + [output])
        #expect(failure?.kind == .runtime, "\(arguments)")
        #expect(failure?.exitStatus == 1, "\(arguments)")
        #expect(failure?.message == message, "\(arguments)")
      }
    }
  }

  @Test func aLogWithoutAFixSaysHowManyLinesItReadAndFails() async throws {
    let empty = try Self.file([])
    defer { try? FileManager.default.removeItem(atPath: empty) }
    let emptyFailure = await Self.failure(["--nmea", empty, "--plain"])
    #expect(emptyFailure == .runtime("no fix in '\(empty)': the file is empty"))
    // Noise, a bad checksum, and a sentence that is not a fix.
    let noise = try Self.file(Array("noise\r\n$GPGGA,bad*00\n$GPGSV,1,1,00*79\n".utf8))
    defer { try? FileManager.default.removeItem(atPath: noise) }
    let noiseFailure = await Self.failure(["--nmea", noise, "--immediate", "--json"])
    #expect(noiseFailure == .runtime("no fix in '\(noise)': 3 lines read, none was a fix"))
  }

  @Test func theScreenSaysWhetherItLoopsAndNamesTheAuthorization() {
    var state = LocationTracker.State()
    state.authorization = .authorizedWhenInUse
    let looping = LocationScreen.screen(state, source: "bundled log nmea-rtk.log", isLooping: true)
    #expect(looping.hasPrefix("Braid location — bundled log nmea-rtk.log, looping\n"))
    #expect(looping.contains("Authorization: readable"))
    #expect(!looping.contains("Source:"))
    let once = LocationScreen.screen(state, source: "drive.nmea")
    #expect(once.hasPrefix("Braid location — drive.nmea\n"))
  }
}
