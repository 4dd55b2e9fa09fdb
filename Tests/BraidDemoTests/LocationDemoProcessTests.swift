import Foundation
import Testing

/// `braid-demo location` on bad input, run as a user would: every case ends, promptly, with a
/// clear message and the exit status of its kind (64 for wrong arguments, 1 for a source that
/// cannot be read).
struct LocationDemoProcessTests {
  typealias Demo = BraidDemoProcessTests

  /// A temporary file holding `bytes`.
  static func file(_ bytes: [UInt8]) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("braid-location-\(UUID()).nmea")
    try Data(bytes).write(to: url)
    return url.path
  }

  /// Checks that the command failed at run time with `message`: one line on standard error,
  /// no usage, and status 1.
  static func expectRuntimeFailure(
    _ result: (status: Int32, output: String, error: String), _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == 1, sourceLocation: sourceLocation)
    #expect(result.output.isEmpty, sourceLocation: sourceLocation)
    #expect(result.error == "braid-demo: \(message)\n", sourceLocation: sourceLocation)
  }

  @Test func aSpeedOutOfItsRangeIsAUsageErrorNotACrash() async throws {
    // 1e-300 and 1e-20 once trapped converting the pause between fixes to a Duration.
    for speed in ["1e-300", "1e-20", "0.001", "0", "-5", "nan", "inf", "1e300", "fast"] {
      let result = try await Demo.run(["location", "--speed", speed, "--plain"])
      #expect(result.status == 64, "\(speed)")
      #expect(result.error.hasPrefix("braid-demo: --speed needs a number from 0.01 to 1000\n"), "\(speed)")
      #expect(result.output.isEmpty, "\(speed)")
    }
    #expect(try await Demo.run(["--help"]).output.contains("N from 0.01 to 1000"))
    #expect(try await Demo.run(["--help"]).output.contains("longer than 2 s is replayed as 2 s"))
  }

  @Test func conflictingOrIncompleteFlagsAreUsageErrors() async throws {
    let cases = [
      (["location", "--plain", "--json"], "--plain and --json cannot be used together"),
      (["location", "--immediate", "--speed", "4"], "--immediate and --speed cannot be used together"),
      (["location", "--nmea", "--plain"], "--nmea needs a file"),
    ]
    for (arguments, message) in cases {
      let result = try await Demo.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.error.hasPrefix("braid-demo: \(message)\n"), "\(arguments)")
      #expect(result.output.isEmpty, "\(arguments)")
    }
  }

  @Test func aDirectoryIsAnErrorNotASilentHang() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("braid-location-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for output in ["--plain", "--json"] {
      let result = try await Demo.run(["location", "--nmea", directory, output])
      Self.expectRuntimeFailure(result, "cannot open '\(directory)': is a directory")
    }
  }

  @Test func aFileThatNeverEndsALineIsAnErrorNotASilentHang() async throws {
    let started = ContinuousClock.now
    for output in ["--plain", "--json"] {
      let result = try await Demo.run(["location", "--nmea", "/dev/zero", output])
      Self.expectRuntimeFailure(
        result,
        "Malformed location input: /dev/zero: a line longer than 4096 bytes after 0 line(s): not an NMEA log")
    }
    // Far below the run helper's 60 s watchdog: the limit ends it, not the watchdog.
    #expect(ContinuousClock.now - started < .seconds(30))
  }

  @Test func aMissingFileIsReportedAsNoSuchFile() async throws {
    let result = try await Demo.run(["location", "--nmea", "/nonexistent/drive.nmea", "--plain"])
    Self.expectRuntimeFailure(result, "cannot open '/nonexistent/drive.nmea': no such file")
    let noDevice = try await Demo.run(["location", "--serial", "/dev/no-such-receiver", "--plain"])
    Self.expectRuntimeFailure(noDevice, "cannot open '/dev/no-such-receiver': no such device")
    let notSerial = try await Demo.run(["location", "--serial", "/dev/null", "--plain"])
    Self.expectRuntimeFailure(notSerial, "Location source unavailable: /dev/null: not a serial device")
  }

  @Test func anEmptyLogOrRandomBytesSayNoFixAndFail() async throws {
    let empty = try Self.file([])
    defer { try? FileManager.default.removeItem(atPath: empty) }
    Self.expectRuntimeFailure(
      try await Demo.run(["location", "--nmea", empty, "--plain"]), "no fix in '\(empty)': the file is empty")
    // 1 MiB of random bytes, the same on every run (xorshift64).
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let bytes = (0..<(1 << 20)).map { _ -> UInt8 in
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return UInt8(truncatingIfNeeded: state >> 24)
    }
    let random = try Self.file(bytes)
    defer { try? FileManager.default.removeItem(atPath: random) }
    let result = try await Demo.run(["location", "--nmea", random, "--plain"])
    #expect(result.error.contains(" lines read, none was a fix"))
    let firstLine = result.error.prefix { $0 != "\n" }
    let count = firstLine.split(separator: "': ").last?.split(separator: " ").first.flatMap { Int($0) }
    // About one byte in 128 is a CR or LF.
    #expect((4_000...12_000).contains(count ?? 0))
    Self.expectRuntimeFailure(result, "no fix in '\(random)': \(count ?? 0) lines read, none was a fix")
  }
}
