extension TraceTestEmitter {
  /// A timing mark as Swift: `EffectTiming(.debounce, interval: .milliseconds(300))`.
  static func expression(for timing: TraceEvent.Timing) -> String {
    let interval = timing.interval.map(EmittedClock.duration)
    return "EffectTiming(.\(timing.kind), interval: \(interval ?? "nil"))"
  }
}

extension TraceTestEmitter {
  /// Whether the trace at `path` was recorded with its timing operators' effects running: one
  /// of them started an effect of its own once its wait was over. Its emitted test runs them on
  /// a `TestClock`. (An exploration's trace, whose effects were described and answered
  /// directly, has none: its test describes them too.)
  static func ranTimedEffects(path: String) throws(TraceError) -> Bool {
    let reader = try TraceReader(path: path)
    var timed: Set<TraceEffectNumber> = []
    while let line = try reader.nextLine(), line.isComplete {
      guard line.number > 2, !line.bytes.isEmpty else { continue }
      guard case .effectStarted(let effect, _, _, _, let parent, let timing) = try TraceLine(line).event else {
        continue
      }
      if let parent, timed.contains(parent) { return true }
      if timing != nil { timed.insert(effect) }
    }
    return false
  }
}

/// The `TestClock` of an emitted test: where the recording's time stood at the last step
/// written, and the trace's effects that a timing operator built, which the test runs on it.
struct EmittedClock {
  /// The recorded time of the last step written, in nanoseconds; `nil` before the first.
  private var now: Int64?
  /// The effects a timing operator built.
  var timed: Set<TraceEffectNumber> = []

  /// Moves the test's clock on to `time` before the step just written at `mark` (when it wrote
  /// a line): `await clock.advance(by: …)` with the recorded gap, so a timed effect wakes where
  /// it did. The first step sets the start; time never goes back.
  mutating func advance(to time: Int64, before mark: Int, in lines: inout [String]) {
    guard lines.count > mark else { return }
    defer { now = max(now ?? time, time) }
    guard let now, time > now else { return }
    lines.insert("await clock.advance(by: \(Self.duration(time - now)))", at: mark)
  }

  /// `nanoseconds` as a `Duration` literal in the largest unit that holds it exactly:
  /// `.milliseconds(300)`.
  static func duration(_ nanoseconds: Int64) -> String {
    for (unit, scale) in [("seconds", 1_000_000_000), ("milliseconds", 1_000_000), ("microseconds", 1_000)]
    where nanoseconds % Int64(scale) == 0 {
      return ".\(unit)(\(nanoseconds / Int64(scale)))"
    }
    return ".nanoseconds(\(nanoseconds))"
  }
}
