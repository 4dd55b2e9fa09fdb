import Braid
import BraidLocation
import Foundation

extension LocationClient {
  /// A client on a real source: each `create(id:)` starts a manager that reads `source`.
  ///
  /// ```swift
  /// prepareDependencies {
  ///   $0.locationClient = .live(source: .nmeaFile(path: "drive.nmea", speed: 4))
  /// }
  /// ```
  ///
  /// At creation a manager reports `didChangeAuthorization` with whether the source can be read
  /// (a missing file or device, or a directory, is `unavailable`, an unreadable one `denied`).
  /// It begins reading the source with the first `startUpdatingLocation` or `requestLocation`,
  /// then delivers fixes while
  /// updating, filtered by its `LocationManager.Properties`; `requestLocation` answers with the
  /// next fix or `didFailWithError(.locationUnknown)` after `requestTimeout`. Source failures
  /// arrive as `didFailWithError` and never end the effect. Destroying the manager, cancelling
  /// its effect or releasing its store stops the reading task at once.
  ///
  /// - Parameters:
  ///   - source: Where fixes come from.
  ///   - clock: The clock that paces replays and times out requests; pass a `TestClock` in
  ///     tests.
  ///   - requestTimeout: How long a one-shot request waits for a fix.
  /// - Returns: The client.
  public static func live(
    source: LocationSource,
    clock: any Clock<Duration> = ContinuousClock(),
    requestTimeout: Duration = .seconds(10)
  ) -> LocationClient {
    let managers = EffectResources<LiveLocationManager>()
    let status: @Sendable () -> LocationManager.AuthorizationStatus = { authorization(of: source) }
    return LocationClient(
      create: { id in
        .subscribe { subscriber in
          let manager = LiveLocationManager(subscriber: subscriber, clock: clock, requestTimeout: requestTimeout)
          subscriber.send(.didChangeAuthorization(status()))
          manager.attach(source)
          return managers.insert(manager, for: id, subscriber: subscriber) { $0.stop() }
        }
        .cancellable(id: id, cancelInFlight: true)
      },
      destroy: { id in .cancel(id: id) },
      requestLocation: { id in managers.command(id) { $0.requestLocation() } },
      startUpdatingLocation: { id in managers.command(id) { $0.startUpdating() } },
      stopUpdatingLocation: { id in managers.command(id) { $0.stopUpdating() } },
      set: { id, properties in managers.command(id) { $0.set(properties) } },
      authorizationStatus: status,
      requestWhenInUseAuthorization: { id in
        managers.command(id) { $0.subscriber.send(.didChangeAuthorization(status())) }
      }
    )
  }

  static func authorization(of source: LocationSource) -> LocationManager.AuthorizationStatus {
    switch source {
    case .nmeaFile(let path, _, _), .serial(let path, _):
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
        return .unavailable
      }
      return FileManager.default.isReadableFile(atPath: path) ? .authorizedWhenInUse : .denied
    case .nmeaTCP, .gpsd:
      // A network source has no permission to ask for; whether it answers shows when the
      // manager connects (`didFailWithError(.sourceUnavailable)`).
      return .authorizedWhenInUse
    }
  }
}
