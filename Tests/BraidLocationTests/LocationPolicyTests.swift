import BraidLocation
import BraidLocationLive
import Testing

struct LocationPolicyTests {
  @Test func haversineDistance() {
    // One minute of latitude is one nautical mile, 1,852 m (to within the Earth's flattening).
    let a = Location(latitude: 45, longitude: 7)
    let b = Location(latitude: 45 + 1.0 / 60, longitude: 7)
    #expect(abs(a.distance(to: b) - 1853.2) < 1)
    #expect(a.distance(to: a) == 0)
  }

  @Test func theDistanceFilterMeasuresFromTheLastDeliveredFix() {
    var policy = LocationPolicy(properties: .init(distanceFilter: 100))
    let start = Location(latitude: 45, longitude: 7)
    let near = Location(latitude: 45.0005, longitude: 7)  // ~56 m
    let far = Location(latitude: 45.001, longitude: 7)  // ~111 m from the start
    let admitted = [policy.admit(start), policy.admit(near), policy.admit(far)]
    #expect(admitted == [true, false, true])
    #expect(policy.lastDelivered == far)
  }

  @Test func theDesiredAccuracyDropsWorseFixes() {
    var policy = LocationPolicy(properties: .init(desiredAccuracy: 20))
    let admitted = [
      policy.admit(Location(latitude: 1, longitude: 1, horizontalAccuracy: 19)),
      policy.admit(Location(latitude: 1, longitude: 1, horizontalAccuracy: 38)),
      // No estimate: nothing to judge it by, so it passes.
      policy.admit(Location(latitude: 1, longitude: 1)),
    ]
    #expect(admitted == [true, false, true])
  }
}
