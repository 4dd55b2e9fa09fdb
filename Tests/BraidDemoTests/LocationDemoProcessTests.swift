import Foundation
import Testing

/// `braid-demo location` on bad input, run as a user would: every case ends, promptly, with a
/// clear message and the exit status of its kind.
struct LocationDemoProcessTests {
  typealias Demo = BraidDemoProcessTests

  @Test func aSpeedOutOfItsRangeIsAUsageErrorNotACrash() throws {
    // 1e-300 and 1e-20 once trapped converting the pause between fixes to a Duration.
    for speed in ["1e-300", "1e-20", "0.001", "0", "-5", "nan", "inf", "1e300", "fast"] {
      let result = try Demo.run(["location", "--speed", speed, "--plain"])
      #expect(result.status == 64, "\(speed)")
      #expect(result.error.hasPrefix("braid-demo: --speed needs a number from 0.01 to 1000\n"), "\(speed)")
      #expect(result.output.isEmpty, "\(speed)")
    }
    #expect(try Demo.run(["--help"]).output.contains("N from 0.01 to 1000"))
    #expect(try Demo.run(["--help"]).output.contains("longer than 2 s is replayed as 2 s"))
  }
}
