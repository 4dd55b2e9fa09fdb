import BraidLocation
import Foundation

/// Replays an NMEA log: lines → sentences → fixes, paced by the fixes' own timestamps on the
/// injected clock (`speed` times faster; `0` for as fast as possible), gaps shortened to
/// `LocationSource.longestReplayedGap`.
package struct NMEAFileReplay: Sendable {
  let path: String
  let speed: Double
  let loop: Bool
  let clock: any Clock<Duration>

  func run(into manager: LiveLocationManager) async {
    guard let data = FileManager.default.contents(atPath: path) else {
      manager.fail(Self.openError(path))
      return
    }
    var totals = LocationSourceStatus(isOpen: true)
    manager.report(totals)
    repeat {
      var decoder = NMEALineDecoder()
      var previous: Location?
      let status = { (decoder: NMEALineDecoder) in
        LocationSourceStatus(
          isOpen: true, linesRead: totals.linesRead + decoder.linesRead,
          linesSkipped: totals.linesSkipped + decoder.linesSkipped)
      }
      for line in data.split(whereSeparator: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
        guard !Task.isCancelled else { return }
        if let fix = decoder.add(line: String(decoding: line, as: UTF8.self)) {
          guard await pace(from: previous, to: fix) else { return }
          manager.report(status(decoder))
          manager.deliver(fix)
          previous = fix
        }
      }
      if let fix = decoder.finish() {
        guard await pace(from: previous, to: fix) else { return }
        manager.report(status(decoder))
        manager.deliver(fix)
      }
      totals = status(decoder)
    } while loop && !Task.isCancelled
    guard !Task.isCancelled else { return }
    totals.isOpen = false
    manager.report(totals)
    manager.fail(.disconnected("end of the NMEA log \(path)"))
  }

  /// Waits ``pause(from:to:speed:)``.
  ///
  /// - Returns: `false` when the replay was cancelled meanwhile.
  private func pace(from previous: Location?, to next: Location) async -> Bool {
    guard speed > 0, let previous else { return !Task.isCancelled }
    do {
      try await clock.sleep(for: Self.pause(from: previous, to: next, speed: speed))
      return true
    } catch {
      return false
    }
  }

  /// How long a replay at `speed` waits between two fixes: the time between their timestamps
  /// (1 s when either has none), at most `LocationSource.longestReplayedGap`, divided by
  /// `speed` clamped into `LocationSource.replaySpeeds`.
  ///
  /// Worked out in seconds and converted once the result is known to be at most 200 s, so no
  /// timestamp or speed (NaN, infinite, 1e-300) can overflow the conversion to a `Duration`.
  package static func pause(from previous: Location, to next: Location, speed: Double) -> Duration {
    var gap = 1.0
    if let from = previous.timestamp, let to = next.timestamp { gap = to.timeIntervalSince(from) }
    let longest = Double(LocationSource.longestReplayedGap.components.seconds)
    // Written so that NaN fails each comparison and takes the safe side.
    gap = gap >= 0 ? min(gap, longest) : 0
    let speeds = LocationSource.replaySpeeds
    let speed = speed >= speeds.lowerBound ? min(speed, speeds.upperBound) : speeds.lowerBound
    return .milliseconds(Int64((gap / speed * 1000).rounded()))
  }

  /// Why `path` cannot be read.
  static func openError(_ path: String) -> LocationError {
    FileManager.default.fileExists(atPath: path) ? .permissionDenied(path) : .sourceUnavailable(path)
  }
}
