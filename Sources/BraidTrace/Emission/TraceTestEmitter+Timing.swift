extension TraceTestEmitter {
  /// A timing mark as Swift: `EffectTiming(.debounce, interval: .milliseconds(300))`.
  static func expression(for timing: TraceEvent.Timing) -> String {
    let interval = timing.interval.map { nanoseconds -> String in
      for (unit, scale) in [("seconds", 1_000_000_000), ("milliseconds", 1_000_000), ("microseconds", 1_000)]
      where nanoseconds % Int64(scale) == 0 {
        return ".\(unit)(\(nanoseconds / Int64(scale)))"
      }
      return ".nanoseconds(\(nanoseconds))"
    }
    return "EffectTiming(.\(timing.kind), interval: \(interval ?? "nil"))"
  }
}
