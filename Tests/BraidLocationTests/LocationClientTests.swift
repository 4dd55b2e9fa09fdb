import Braid
import BraidLocation
import BraidTesting
import Testing

/// A small tracker feature on the controllable client, as a feature's own tests would use it.
struct Tracker: Reducer {
  struct State: Equatable {
    var isTracking = false
    var current: Location?
    var error: LocationError?
  }

  enum Action: Equatable, Sendable {
    case startButtonTapped
    case stopButtonTapped
    case refreshButtonTapped
    case location(LocationManager.Action)
  }

  struct TrackerID: Hashable, Sendable {}

  @Dependency(\.locationClient) var locationClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      state.isTracking = true
      return .merge(
        locationClient.create(TrackerID()).map(Action.location),
        locationClient.startUpdatingLocation(TrackerID()).fireAndForget()
      )
    case .stopButtonTapped:
      state.isTracking = false
      return locationClient.destroy(TrackerID()).fireAndForget()
    case .refreshButtonTapped:
      return locationClient.requestLocation(TrackerID()).fireAndForget()
    case .location(.didUpdateLocations(let fixes)):
      state.current = fixes.last
      return .none
    case .location(.didFailWithError(let error)):
      state.error = error
      return .none
    case .location(.didChangeAuthorization), .location(.didUpdateSourceStatus):
      return .none
    }
  }
}

@MainActor
@Suite(.checksStoreLeaks)
struct LocationClientTests {
  static let fix = Location(latitude: 55.686591667, longitude: 37.621453333, speed: 0.309, course: 301.29)

  @Test func aControlledClientDrivesAFeature() async {
    let (client, control) = LocationClient.controlled()
    let store = TestStore(initialState: Tracker.State()) {
      Tracker()
    } withDependencies: {
      $0.locationClient = client
    }
    await store.send(.startButtonTapped) { $0.isTracking = true }
    #expect(control.runningManagers(for: Tracker.TrackerID()) == 1)
    control.send(.didUpdateLocations([Self.fix]), to: Tracker.TrackerID())
    await store.receive(.location(.didUpdateLocations([Self.fix]))) { $0.current = Self.fix }
    control.send(.didFailWithError(.disconnected("gpsd")), to: Tracker.TrackerID())
    await store.receive(.location(.didFailWithError(.disconnected("gpsd")))) { $0.error = .disconnected("gpsd") }
    await store.send(.refreshButtonTapped)
    await store.send(.stopButtonTapped) { $0.isTracking = false }
    // destroy cancels the manager's effect; its teardown has run when send returns.
    #expect(control.runningManagers(for: Tracker.TrackerID()) == 0)
    #expect(
      control.commands(for: Tracker.TrackerID()) == [.startUpdatingLocation, .requestLocation, .destroy])
    await store.finish()
  }

  @Test func theTestValueFailsNamingTheEndpoint() async {
    let store = TestStore(initialState: Tracker.State()) { Tracker() }
    let issues = await recordedIssues {
      await store.send(.refreshButtonTapped)
    }
    #expect(issues == ["Unimplemented: 'LocationClient.requestLocation' was called."])
  }

  func recordedIssues(_ body: () async -> Void) async -> [String] {
    let messages = LockedMessages()
    await IssueReporting.withIssueHandler {
      messages.append($0.message)
    } operation: {
      await body()
    }
    return messages.values
  }
}

final class LockedMessages: Sendable {
  private let storage = SanitizerVisibleMutex<[String]>([])
  func append(_ message: String) { storage.withLock { $0.append(message) } }
  var values: [String] { storage.withLock { $0 } }
}
