import Braid
import BraidLocation
import Foundation
import Synchronization

/// One manager of the live client: the task reading its source, what the feature asked for
/// (updating, a one-shot request, its properties), and the subscriber its events go to.
///
/// Every decision is taken under the lock and every event sent after it, so events keep the
/// order in which fixes arrive.
final class LiveLocationManager: Sendable {
  private struct State {
    var policy = LocationPolicy()
    var isUpdating = false
    /// The generation of the open one-shot request, if any.
    var pendingRequest: UInt64?
    var nextRequest: UInt64 = 0
    var tasks: [Task<Void, Never>] = []
    var isStopped = false
    /// The source, until the first request or start of updates begins reading it.
    var unreadSource: LocationSource?
    /// The last status reported.
    var status: LocationSourceStatus?
  }

  private let state = SanitizerVisibleMutex(State())
  let subscriber: EffectSubscriber<LocationManager.Action>
  private let clock: any Clock<Duration>
  private let requestTimeout: Duration

  init(subscriber: EffectSubscriber<LocationManager.Action>, clock: any Clock<Duration>, requestTimeout: Duration) {
    self.subscriber = subscriber
    self.clock = clock
    self.requestTimeout = requestTimeout
  }

  /// Remembers `source`; reading begins with the first `startUpdating` or `requestLocation`,
  /// as a location manager turns its receiver on only when asked.
  func attach(_ source: LocationSource) {
    state.withLock { $0.unreadSource = source }
  }

  /// Starts reading the source, once.
  private func startReadingIfNeeded() {
    guard
      let source = state.withLock({ state -> LocationSource? in
        defer { state.unreadSource = nil }
        return state.isStopped ? nil : state.unreadSource
      })
    else { return }
    let task = Task { [self, clock] in
      switch source {
      case .nmeaFile(let path, let speed, let loop):
        await NMEAFileReplay(path: path, speed: speed, loop: loop, clock: clock).run(into: self)
      case .nmeaTCP(let host, let port):
        await ReconnectingLineStream(
          endpoint: .tcp(host: host, port: port), name: "\(host):\(port)", decoder: NMEALineDecoder(), clock: clock
        ).run(into: self)
      case .gpsd(let host, let port):
        await ReconnectingLineStream(
          endpoint: .tcp(host: host, port: port), name: "gpsd at \(host):\(port)", decoder: GPSDLineDecoder(),
          greeting: GPSDLineDecoder.watchCommand, clock: clock
        ).run(into: self)
      case .serial(let path, let baud):
        await ReconnectingLineStream(
          endpoint: .serial(path: path, baud: baud), name: path, decoder: NMEALineDecoder(), clock: clock
        ).run(into: self)
      }
    }
    keep(task)
  }

  /// A fix from the source: delivered when a one-shot request waits for it, or when updating
  /// and the policy admits it.
  func deliver(_ fix: Location) {
    let send = state.withLock { state -> Bool in
      guard !state.isStopped else { return false }
      if state.pendingRequest != nil {
        state.pendingRequest = nil
        return true
      }
      return state.isUpdating && state.policy.admit(fix)
    }
    if send { subscriber.send(.didUpdateLocations([fix])) }
  }

  /// The source's status: sent when it differs from the last one sent.
  func report(_ status: LocationSourceStatus) {
    let send = state.withLock { state -> Bool in
      guard !state.isStopped, state.status != status else { return false }
      state.status = status
      return true
    }
    if send { subscriber.send(.didUpdateSourceStatus(status)) }
  }

  /// A failure of the source; the manager keeps running.
  func fail(_ error: LocationError) {
    guard !state.withLock({ $0.isStopped }) else { return }
    subscriber.send(.didFailWithError(error))
  }

  func startUpdating() {
    state.withLock { $0.isUpdating = true }
    startReadingIfNeeded()
  }

  func stopUpdating() { state.withLock { $0.isUpdating = false } }

  func set(_ properties: LocationManager.Properties) { state.withLock { $0.policy.properties = properties } }

  /// Opens a one-shot request: the next fix answers it, or `locationUnknown` after the timeout
  /// on the injected clock.
  func requestLocation() {
    let generation = state.withLock { state -> UInt64 in
      state.nextRequest &+= 1
      state.pendingRequest = state.nextRequest
      return state.nextRequest
    }
    startReadingIfNeeded()
    let task = Task { [self, clock, requestTimeout] in
      do { try await clock.sleep(for: requestTimeout) } catch { return }
      let expired = state.withLock { state -> Bool in
        guard state.pendingRequest == generation, !state.isStopped else { return false }
        state.pendingRequest = nil
        return true
      }
      if expired { subscriber.send(.didFailWithError(.locationUnknown)) }
    }
    keep(task)
  }

  /// Stops reading and cancels pending requests: the teardown of the manager's effect.
  func stop() {
    let tasks = state.withLock { state -> [Task<Void, Never>] in
      state.isStopped = true
      defer { state.tasks.removeAll() }
      return state.tasks
    }
    for task in tasks { task.cancel() }
  }

  private func keep(_ task: Task<Void, Never>) {
    let stopped = state.withLock { state -> Bool in
      if !state.isStopped { state.tasks.append(task) }
      return state.isStopped
    }
    if stopped { task.cancel() }
  }
}
