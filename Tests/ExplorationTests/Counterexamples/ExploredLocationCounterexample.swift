// swift-format-ignore-file
// Emitted by `braid-demo replay location.trace --emit-test`.
// Regenerate it rather than edit it.

import Braid
import BraidLocation
import BraidTesting
import Foundation
import LocationTrackerFeature
import Testing

@MainActor
@Test func exploredLocationCounterexample() async throws {
  try await exploredLocationCounterexample(LocationExplorationTests.CountsDistanceWhileStopped())
}

/// The recorded session, step by step, against `reducer`.
@MainActor
func exploredLocationCounterexample(_ reducer: some Reducer<LocationTrackerFeature.LocationTracker.State, LocationTrackerFeature.LocationTracker.Action>) async throws {
  let initialState = try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.State.self, from: Data(#"{"authorization":{"notDetermined":{}},"distance":0,"fixCount":0,"isTracking":false,"source":{"isOpen":false,"linesRead":0,"linesSkipped":0},"track":[]}"#.utf8))
  let store = TestStore(
    initialState: initialState,
    effects: .described
  ) {
    reducer
  } withDependencies: {
    $0.locationClient = LocationClient.controlled().client
  }
  let effect1 = store.effectStarted(.subscribe, ids: ["locationManager"])
  store.effectCommanded(effect1)
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"latitude":41.5749,"longitude":-93.7505,"quality":1}]}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"latitude":41.5749,"longitude":-93.7505,"quality":1}]}}}}"#.utf8))) {
    $0.current = try JSONDecoder().decode(Swift.Optional<BraidLocation.Location>.self, from: Data(#"{"latitude":41.5749,"longitude":-93.7505,"quality":1}"#.utf8))
    $0.track = try JSONDecoder().decode(Swift.Array<BraidLocation.Location>.self, from: Data(#"[{"latitude":41.5749,"longitude":-93.7505,"quality":1}]"#.utf8))
    $0.fixCount = 1
  }
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"latitude":41.575,"longitude":-93.7507,"quality":1}]}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"latitude":41.575,"longitude":-93.7507,"quality":1}]}}}}"#.utf8))) {
    $0.current = try JSONDecoder().decode(Swift.Optional<BraidLocation.Location>.self, from: Data(#"{"latitude":41.575,"longitude":-93.7507,"quality":1}"#.utf8))
    $0.track = try JSONDecoder().decode(Swift.Array<BraidLocation.Location>.self, from: Data(#"[{"latitude":41.5749,"longitude":-93.7505,"quality":1},{"latitude":41.575,"longitude":-93.7507,"quality":1}]"#.utf8))
    $0.distance = 20.01061783677472
    $0.fixCount = 2
  }
  await store.dismount()
  store.effectCancelled(effect1)
  await store.finish()
}
