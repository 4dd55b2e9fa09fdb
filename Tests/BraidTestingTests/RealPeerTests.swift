import BraidTestSupport
import Testing

/// A test whose real peer is missing is skipped on a developer's machine and runs (to fail)
/// under `CI=true`.
struct RealPeerTests {
  @Test func aMissingPeerSkipsTheTestUnlessCIRequiresIt() async throws {
    let here = ConditionTrait.needs("gpsd", isInstalled: false, package: "gpsd", environment: [:])
    #expect(try await here.evaluate() == false)
    let ci = ConditionTrait.needs("gpsd", isInstalled: false, package: "gpsd", environment: ["CI": "true"])
    #expect(try await ci.evaluate() == true)
    let installed = ConditionTrait.needs("gpsd", isInstalled: true, package: "gpsd", environment: [:])
    #expect(try await installed.evaluate() == true)
    #expect(
      here.comments.map(\.rawValue) == [
        "gpsd is not installed (apt-get install gpsd); under CI=true this test fails instead"
      ])
  }
}
