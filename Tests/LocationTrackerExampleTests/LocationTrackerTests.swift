import Braid
import BraidLocation
import BraidTesting
import LocationTrackerFeature
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct LocationTrackerTests {
  static let first = Location(latitude: 41.574965910, longitude: -93.750571901, speed: 0.076, course: 124.888)
  static let second = Location(latitude: 41.574975910, longitude: -93.750571901, speed: 1.1, course: 0)

  @Test func tracksFixesDistanceAndErrors() async {
    let (client, control) = LocationClient.controlled(authorization: .authorizedWhenInUse)
    let store = TestStore(initialState: LocationTracker.State()) {
      LocationTracker()
    } withDependencies: {
      $0.locationClient = client
    }
    // The manager is created and asked for access when the feature mounts: no action needed.
    await store.receive(.location(.didChangeAuthorization(.authorizedWhenInUse))) {
      $0.authorization = .authorizedWhenInUse
    }
    await store.send(.toggleTrackingTapped) { $0.isTracking = true }
    control.send(.didUpdateLocations([Self.first]), to: LocationTracker.ManagerID())
    await store.receive(.location(.didUpdateLocations([Self.first]))) {
      $0.current = Self.first
      $0.track = [Self.first]
      $0.fixCount = 1
    }
    control.send(.didUpdateLocations([Self.second]), to: LocationTracker.ManagerID())
    await store.receive(.location(.didUpdateLocations([Self.second]))) {
      $0.current = Self.second
      $0.track = [Self.first, Self.second]
      $0.fixCount = 2
      $0.distance = Self.first.distance(to: Self.second)
    }
    let closed = LocationSourceStatus(isOpen: false, linesRead: 40, linesSkipped: 3)
    control.send(.didUpdateSourceStatus(closed), to: LocationTracker.ManagerID())
    await store.receive(.location(.didUpdateSourceStatus(closed))) { $0.source = closed }
    control.send(.didFailWithError(.disconnected("end")), to: LocationTracker.ManagerID())
    await store.receive(.location(.didFailWithError(.disconnected("end")))) { $0.error = .disconnected("end") }
    await store.send(.requestOneFixTapped)
    await store.send(.toggleTrackingTapped) { $0.isTracking = false }
    #expect(
      control.commands(for: LocationTracker.ManagerID()) == [
        .requestWhenInUseAuthorization, .startUpdatingLocation, .requestLocation, .stopUpdatingLocation,
      ])
    // Dismounting destroys the manager: nothing is left running.
    await store.dismount()
    #expect(control.commands(for: LocationTracker.ManagerID()).last == .destroy)
  }
}
