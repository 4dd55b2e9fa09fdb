import BraidTools
import CounterFeature
import CounterTools
import Foundation
import LocationTrackerFeature
import LocationTrackerTools
import SignUpFeature
import SignUpTools
import Testing

/// The tests in this target were emitted from the traces in `Traces/`: `signup.trace` recorded
/// (format version 2) with `braid-demo signup --database NEW.sqlite --script
/// Traces/signup.script --record …`, `location.trace` (version 2) with `braid-demo location
/// --nmea Traces/location.nmea --immediate --plain --record …`, `counter.trace` with `braid-demo
/// counter --record …`, a version 1 recording kept so that reading version 1 stays tested. Emitting them again must give the committed files byte for byte: a change to the
/// emitter, the trace format or the features' types that would change them fails here until
/// they are regenerated (CONTRIBUTING says how). `EmittedTestsCatchMutantsTests` runs each
/// against a broken feature.
@MainActor @Suite struct EmittedTestsAreFreshTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  @Test(arguments: [
    ("signup.trace", "recordedSignUpSession", "RecordedSignUpSession.swift"),
    ("counter.trace", "recordedCounterTour", "RecordedCounterTour.swift"),
    ("location.trace", "recordedLocationSession", "RecordedLocationSession.swift"),
  ])
  func anEmittedTestIsWhatTheEmitterWritesToday(trace: String, testName: String, file: String) throws {
    let committed = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
    let catalog = FeatureCatalog([Counter.catalogEntry, SignUpForm.catalogEntry, LocationTracker.catalogEntry])
    let emitted = try BraidTools.emittedTest(
      ofTrace: Self.directory.appendingPathComponent("Traces/\(trace)").path, testName: testName, catalog: catalog,
      toolName: "braid-demo")
    #expect(emitted == committed)
  }
}
