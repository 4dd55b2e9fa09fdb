import BraidLocation
import Foundation

/// Replays an NMEA log: lines → sentences → fixes, paced by the fixes' own timestamps on the
/// injected clock (`speed` times faster; `0` for as fast as possible).
struct NMEAFileReplay: Sendable {
  let path: String
  let speed: Double
  let loop: Bool
  let clock: any Clock<Duration>

  /// The longest pause between two fixes, however far apart their timestamps are.
  static let maximumPause = Duration.seconds(10)

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

  /// Waits as long as the log waited between `previous` and `next`, divided by the speed.
  ///
  /// - Returns: `false` when the replay was cancelled meanwhile.
  private func pace(from previous: Location?, to next: Location) async -> Bool {
    guard speed > 0, let previous else { return !Task.isCancelled }
    var gap = Duration.seconds(1)
    if let from = previous.timestamp, let to = next.timestamp {
      gap = .milliseconds(Int64((to.timeIntervalSince(from) * 1000).rounded()))
    }
    gap = min(max(gap, .zero), Self.maximumPause)
    do {
      try await clock.sleep(for: gap / speed)
      return true
    } catch {
      return false
    }
  }

  /// Why `path` cannot be read.
  static func openError(_ path: String) -> LocationError {
    FileManager.default.fileExists(atPath: path) ? .permissionDenied(path) : .sourceUnavailable(path)
  }
}
