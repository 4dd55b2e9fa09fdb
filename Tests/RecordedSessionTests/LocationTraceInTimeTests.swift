import Braid
import BraidLocation
import BraidTrace
import Foundation
import LocationTrackerFeature
import Testing

/// The committed location trace (format version 2) replays in time without a word: its client
/// commands (start and stop updating, one fix) reach a manager that the tracker's mount hook
/// created, which a replay does not start, and the check must not report them as commands to
/// no resource (an issue, which fails this test).
@MainActor
struct LocationTraceInTimeTests {
  static let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Traces/location.trace").path

  @Test func theLocationTraceReplaysInTimeWithoutReportingItsCommands() async throws {
    let divergence = try await TraceTimingCheck.check(path: Self.trace, feature: LocationTracker()) {
      $0.locationClient = LocationClient.controlled().client
    }
    #expect(divergence == nil, "\(divergence.map(String.init(describing:)) ?? "")")
  }
}
