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
    var totals = LocationSourceStatus(isOpen: true)
    var isFirstPass = true
    passes: repeat {
      let file: NMEALogFile
      do {
        file = try NMEALogFile(path: path)
      } catch {
        if !isFirstPass {
          totals.isOpen = false
          manager.report(totals)
        }
        manager.fail(error)
        return
      }
      if isFirstPass { manager.report(totals) }
      isFirstPass = false
      switch await replay(file, after: totals, into: manager) {
      case .cancelled:
        return
      case .failed(let status, let error):
        totals = status
        totals.isOpen = false
        manager.report(totals)
        manager.fail(error)
        return
      case .ended(let status, let fixCount):
        totals = status
        // A log without a fix is not looped: it would spin without ever delivering anything.
        if fixCount == 0 { break passes }
      }
    } while loop && !Task.isCancelled
    guard !Task.isCancelled else { return }
    totals.isOpen = false
    manager.report(totals)
    manager.fail(.disconnected("end of the NMEA log \(path)"))
  }

  /// How one pass over the log ended.
  private enum Outcome {
    /// At the end of the file, with the counts so far and how many fixes this pass gave.
    case ended(LocationSourceStatus, fixCount: Int)
    /// Reading failed after the counted lines.
    case failed(LocationSourceStatus, LocationError)
    case cancelled
  }

  /// Replays the log once, counting its lines on top of `totals`.
  private func replay(
    _ file: NMEALogFile, after totals: LocationSourceStatus, into manager: LiveLocationManager
  ) async -> Outcome {
    var decoder = NMEALineDecoder()
    var previous: Location?
    var fixCount = 0
    let status = { (decoder: NMEALineDecoder) in
      LocationSourceStatus(
        isOpen: true, linesRead: totals.linesRead + decoder.linesRead,
        linesSkipped: totals.linesSkipped + decoder.linesSkipped)
    }
    func deliver(_ fix: Location) async -> Bool {
      guard await pace(from: previous, to: fix) else { return false }
      manager.report(status(decoder))
      manager.deliver(fix)
      previous = fix
      fixCount += 1
      return true
    }
    var failure: LocationError?
    do {
      while let lines = try file.nextLines(linesBefore: decoder.linesRead) {
        for line in lines {
          guard !Task.isCancelled else { return .cancelled }
          if let fix = decoder.add(line: line) {
            guard await deliver(fix) else { return .cancelled }
          }
        }
      }
    } catch {
      failure = error
    }
    // The sentences of the last epoch were whole even when what follows them is not.
    if let fix = decoder.finish() {
      guard await deliver(fix) else { return .cancelled }
    }
    if let failure { return .failed(status(decoder), failure) }
    return .ended(status(decoder), fixCount: fixCount)
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
}
