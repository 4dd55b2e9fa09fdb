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
@Test func recordedLocationSession() async throws {
  try await recordedLocationSession(LocationTracker())
}

/// The recorded session, step by step, against `reducer`.
@MainActor
func recordedLocationSession(_ reducer: some Reducer<LocationTrackerFeature.LocationTracker.State, LocationTrackerFeature.LocationTracker.Action>) async throws {
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
  await store.send(.toggleTrackingTapped) {
    $0.isTracking = true
  }
  store.effectCommanded(effect1)
  await store.answer(effect1, with: .location(.didChangeAuthorization(.authorizedWhenInUse)))
  await store.receive(.location(.didChangeAuthorization(.authorizedWhenInUse))) {
    $0.authorization = .authorizedWhenInUse
  }
  await store.answer(effect1, with: .location(.didChangeAuthorization(.authorizedWhenInUse)))
  await store.receive(.location(.didChangeAuthorization(.authorizedWhenInUse)))
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":true,"linesRead":0,"linesSkipped":0}}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":true,"linesRead":0,"linesSkipped":0}}}}}"#.utf8))) {
    $0.source = try JSONDecoder().decode(BraidLocation.LocationSourceStatus.self, from: Data(#"{"isOpen":true,"linesRead":0,"linesSkipped":0}"#.utf8))
  }
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":true,"linesRead":12,"linesSkipped":9}}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":true,"linesRead":12,"linesSkipped":9}}}}}"#.utf8))) {
    $0.source = try JSONDecoder().decode(BraidLocation.LocationSourceStatus.self, from: Data(#"{"isOpen":true,"linesRead":12,"linesSkipped":9}"#.utf8))
  }
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"altitude":278.161,"course":124.888,"horizontalAccuracy":17.1,"latitude":41.574965909833324,"longitude":-93.75057190133333,"quality":2,"speed":0.07613777777777778,"timestamp":606230899.6}]}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"altitude":278.161,"course":124.888,"horizontalAccuracy":17.1,"latitude":41.574965909833324,"longitude":-93.75057190133333,"quality":2,"speed":0.07613777777777778,"timestamp":606230899.6}]}}}}"#.utf8))) {
    $0.current = try JSONDecoder().decode(Swift.Optional<BraidLocation.Location>.self, from: Data(#"{"altitude":278.161,"course":124.888,"horizontalAccuracy":17.1,"latitude":41.574965909833324,"longitude":-93.75057190133333,"quality":2,"speed":0.07613777777777778,"timestamp":606230899.6}"#.utf8))
    $0.track = try JSONDecoder().decode(Swift.Array<BraidLocation.Location>.self, from: Data(#"[{"altitude":278.161,"course":124.888,"horizontalAccuracy":17.1,"latitude":41.574965909833324,"longitude":-93.75057190133333,"quality":2,"speed":0.07613777777777778,"timestamp":606230899.6}]"#.utf8))
    $0.fixCount = 1
  }
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":true,"linesRead":14,"linesSkipped":9}}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":true,"linesRead":14,"linesSkipped":9}}}}}"#.utf8))) {
    $0.source = try JSONDecoder().decode(BraidLocation.LocationSourceStatus.self, from: Data(#"{"isOpen":true,"linesRead":14,"linesSkipped":9}"#.utf8))
  }
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"altitude":278.161,"course":139.06,"horizontalAccuracy":17.1,"latitude":41.57496590716667,"longitude":-93.75057190349999,"quality":2,"speed":0.18262777777777775,"timestamp":606230899.7}]}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"altitude":278.161,"course":139.06,"horizontalAccuracy":17.1,"latitude":41.57496590716667,"longitude":-93.75057190349999,"quality":2,"speed":0.18262777777777775,"timestamp":606230899.7}]}}}}"#.utf8))) {
    $0.current = try JSONDecoder().decode(Swift.Optional<BraidLocation.Location>.self, from: Data(#"{"altitude":278.161,"course":139.06,"horizontalAccuracy":17.1,"latitude":41.57496590716667,"longitude":-93.75057190349999,"quality":2,"speed":0.18262777777777775,"timestamp":606230899.7}"#.utf8))
    $0.track = try JSONDecoder().decode(Swift.Array<BraidLocation.Location>.self, from: Data(#"[{"altitude":278.161,"course":124.888,"horizontalAccuracy":17.1,"latitude":41.574965909833324,"longitude":-93.75057190133333,"quality":2,"speed":0.07613777777777778,"timestamp":606230899.6},{"altitude":278.161,"course":139.06,"horizontalAccuracy":17.1,"latitude":41.57496590716667,"longitude":-93.75057190349999,"quality":2,"speed":0.18262777777777775,"timestamp":606230899.7}]"#.utf8))
    $0.distance = 0.00034699626311392867
    $0.fixCount = 2
  }
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":true,"linesRead":16,"linesSkipped":9}}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":true,"linesRead":16,"linesSkipped":9}}}}}"#.utf8))) {
    $0.source = try JSONDecoder().decode(BraidLocation.LocationSourceStatus.self, from: Data(#"{"isOpen":true,"linesRead":16,"linesSkipped":9}"#.utf8))
  }
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"altitude":279.884,"course":126.965,"horizontalAccuracy":22.8,"latitude":41.57495352816667,"longitude":-93.75057543833333,"quality":2,"speed":0.26391000000000003,"timestamp":606230899.8}]}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"altitude":279.884,"course":126.965,"horizontalAccuracy":22.8,"latitude":41.57495352816667,"longitude":-93.75057543833333,"quality":2,"speed":0.26391000000000003,"timestamp":606230899.8}]}}}}"#.utf8))) {
    $0.current = try JSONDecoder().decode(Swift.Optional<BraidLocation.Location>.self, from: Data(#"{"altitude":279.884,"course":126.965,"horizontalAccuracy":22.8,"latitude":41.57495352816667,"longitude":-93.75057543833333,"quality":2,"speed":0.26391000000000003,"timestamp":606230899.8}"#.utf8))
    $0.track = try JSONDecoder().decode(Swift.Array<BraidLocation.Location>.self, from: Data(#"[{"altitude":278.161,"course":124.888,"horizontalAccuracy":17.1,"latitude":41.574965909833324,"longitude":-93.75057190133333,"quality":2,"speed":0.07613777777777778,"timestamp":606230899.6},{"altitude":278.161,"course":139.06,"horizontalAccuracy":17.1,"latitude":41.57496590716667,"longitude":-93.75057190349999,"quality":2,"speed":0.18262777777777775,"timestamp":606230899.7},{"altitude":279.884,"course":126.965,"horizontalAccuracy":22.8,"latitude":41.57495352816667,"longitude":-93.75057543833333,"quality":2,"speed":0.26391000000000003,"timestamp":606230899.8}]"#.utf8))
    $0.distance = 1.407886622894293
    $0.fixCount = 3
  }
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":true,"linesRead":18,"linesSkipped":9}}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":true,"linesRead":18,"linesSkipped":9}}}}}"#.utf8))) {
    $0.source = try JSONDecoder().decode(BraidLocation.LocationSourceStatus.self, from: Data(#"{"isOpen":true,"linesRead":18,"linesSkipped":9}"#.utf8))
  }
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"altitude":278.214,"course":124.02,"horizontalAccuracy":22.8,"latitude":41.57496545133334,"longitude":-93.75057111183332,"quality":2,"speed":0.4691733333333334,"timestamp":606230899.9}]}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"altitude":278.214,"course":124.02,"horizontalAccuracy":22.8,"latitude":41.57496545133334,"longitude":-93.75057111183332,"quality":2,"speed":0.4691733333333334,"timestamp":606230899.9}]}}}}"#.utf8))) {
    $0.current = try JSONDecoder().decode(Swift.Optional<BraidLocation.Location>.self, from: Data(#"{"altitude":278.214,"course":124.02,"horizontalAccuracy":22.8,"latitude":41.57496545133334,"longitude":-93.75057111183332,"quality":2,"speed":0.4691733333333334,"timestamp":606230899.9}"#.utf8))
    $0.track = try JSONDecoder().decode(Swift.Array<BraidLocation.Location>.self, from: Data(#"[{"altitude":278.161,"course":124.888,"horizontalAccuracy":17.1,"latitude":41.574965909833324,"longitude":-93.75057190133333,"quality":2,"speed":0.07613777777777778,"timestamp":606230899.6},{"altitude":278.161,"course":139.06,"horizontalAccuracy":17.1,"latitude":41.57496590716667,"longitude":-93.75057190349999,"quality":2,"speed":0.18262777777777775,"timestamp":606230899.7},{"altitude":279.884,"course":126.965,"horizontalAccuracy":22.8,"latitude":41.57495352816667,"longitude":-93.75057543833333,"quality":2,"speed":0.26391000000000003,"timestamp":606230899.8},{"altitude":278.214,"course":124.02,"horizontalAccuracy":22.8,"latitude":41.57496545133334,"longitude":-93.75057111183332,"quality":2,"speed":0.4691733333333334,"timestamp":606230899.9}]"#.utf8))
    $0.distance = 2.781663502578719
    $0.fixCount = 4
  }
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":true,"linesRead":20,"linesSkipped":9}}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":true,"linesRead":20,"linesSkipped":9}}}}}"#.utf8))) {
    $0.source = try JSONDecoder().decode(BraidLocation.LocationSourceStatus.self, from: Data(#"{"isOpen":true,"linesRead":20,"linesSkipped":9}"#.utf8))
  }
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"altitude":278.254,"course":127.194,"horizontalAccuracy":17.1,"latitude":41.574967033166665,"longitude":-93.750569837,"quality":2,"speed":0.5730911111111111,"timestamp":606230900}]}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"altitude":278.254,"course":127.194,"horizontalAccuracy":17.1,"latitude":41.574967033166665,"longitude":-93.750569837,"quality":2,"speed":0.5730911111111111,"timestamp":606230900}]}}}}"#.utf8))) {
    $0.current = try JSONDecoder().decode(Swift.Optional<BraidLocation.Location>.self, from: Data(#"{"altitude":278.254,"course":127.194,"horizontalAccuracy":17.1,"latitude":41.574967033166665,"longitude":-93.750569837,"quality":2,"speed":0.5730911111111111,"timestamp":606230900}"#.utf8))
    $0.track = try JSONDecoder().decode(Swift.Array<BraidLocation.Location>.self, from: Data(#"[{"altitude":278.161,"course":124.888,"horizontalAccuracy":17.1,"latitude":41.574965909833324,"longitude":-93.75057190133333,"quality":2,"speed":0.07613777777777778,"timestamp":606230899.6},{"altitude":278.161,"course":139.06,"horizontalAccuracy":17.1,"latitude":41.57496590716667,"longitude":-93.75057190349999,"quality":2,"speed":0.18262777777777775,"timestamp":606230899.7},{"altitude":279.884,"course":126.965,"horizontalAccuracy":22.8,"latitude":41.57495352816667,"longitude":-93.75057543833333,"quality":2,"speed":0.26391000000000003,"timestamp":606230899.8},{"altitude":278.214,"course":124.02,"horizontalAccuracy":22.8,"latitude":41.57496545133334,"longitude":-93.75057111183332,"quality":2,"speed":0.4691733333333334,"timestamp":606230899.9},{"altitude":278.254,"course":127.194,"horizontalAccuracy":17.1,"latitude":41.574967033166665,"longitude":-93.750569837,"quality":2,"speed":0.5730911111111111,"timestamp":606230900}]"#.utf8))
    $0.distance = 2.98705008031466
    $0.fixCount = 5
  }
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":true,"linesRead":21,"linesSkipped":9}}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":true,"linesRead":21,"linesSkipped":9}}}}}"#.utf8))) {
    $0.source = try JSONDecoder().decode(BraidLocation.LocationSourceStatus.self, from: Data(#"{"isOpen":true,"linesRead":21,"linesSkipped":9}"#.utf8))
  }
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"altitude":278.255,"course":118.806,"horizontalAccuracy":17.1,"latitude":41.574966761,"longitude":-93.75056865666666,"quality":2,"speed":0.7444011111111112,"timestamp":606230900.1}]}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateLocations":{"_0":[{"altitude":278.255,"course":118.806,"horizontalAccuracy":17.1,"latitude":41.574966761,"longitude":-93.75056865666666,"quality":2,"speed":0.7444011111111112,"timestamp":606230900.1}]}}}}"#.utf8))) {
    $0.current = try JSONDecoder().decode(Swift.Optional<BraidLocation.Location>.self, from: Data(#"{"altitude":278.255,"course":118.806,"horizontalAccuracy":17.1,"latitude":41.574966761,"longitude":-93.75056865666666,"quality":2,"speed":0.7444011111111112,"timestamp":606230900.1}"#.utf8))
    $0.track = try JSONDecoder().decode(Swift.Array<BraidLocation.Location>.self, from: Data(#"[{"altitude":278.161,"course":124.888,"horizontalAccuracy":17.1,"latitude":41.574965909833324,"longitude":-93.75057190133333,"quality":2,"speed":0.07613777777777778,"timestamp":606230899.6},{"altitude":278.161,"course":139.06,"horizontalAccuracy":17.1,"latitude":41.57496590716667,"longitude":-93.75057190349999,"quality":2,"speed":0.18262777777777775,"timestamp":606230899.7},{"altitude":279.884,"course":126.965,"horizontalAccuracy":22.8,"latitude":41.57495352816667,"longitude":-93.75057543833333,"quality":2,"speed":0.26391000000000003,"timestamp":606230899.8},{"altitude":278.214,"course":124.02,"horizontalAccuracy":22.8,"latitude":41.57496545133334,"longitude":-93.75057111183332,"quality":2,"speed":0.4691733333333334,"timestamp":606230899.9},{"altitude":278.254,"course":127.194,"horizontalAccuracy":17.1,"latitude":41.574967033166665,"longitude":-93.750569837,"quality":2,"speed":0.5730911111111111,"timestamp":606230900},{"altitude":278.255,"course":118.806,"horizontalAccuracy":17.1,"latitude":41.574966761,"longitude":-93.75056865666666,"quality":2,"speed":0.7444011111111112,"timestamp":606230900.1}]"#.utf8))
    $0.distance = 3.0897928843391553
    $0.fixCount = 6
  }
  await store.answer(effect1, with: try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":false,"linesRead":21,"linesSkipped":9}}}}}"#.utf8)))
  await store.receive(try JSONDecoder().decode(LocationTrackerFeature.LocationTracker.Action.self, from: Data(#"{"location":{"_0":{"didUpdateSourceStatus":{"_0":{"isOpen":false,"linesRead":21,"linesSkipped":9}}}}}"#.utf8))) {
    $0.source = try JSONDecoder().decode(BraidLocation.LocationSourceStatus.self, from: Data(#"{"isOpen":false,"linesRead":21,"linesSkipped":9}"#.utf8))
  }
  await store.answer(effect1, with: .location(.didFailWithError(.disconnected("end of the NMEA log location.nmea"))))
  await store.receive(.location(.didFailWithError(.disconnected("end of the NMEA log location.nmea")))) {
    $0.error = .disconnected("end of the NMEA log location.nmea")
  }
  await store.dismount()
  store.effectCancelled(effect1)
  await store.finish()
}
