import Braid

extension TraceReplay {
  /// How the effect a replayed action returned differs from the effects the recording started
  /// for it, or `nil` when they are the same parts (kind, cancellation ids, and the timing
  /// operator that built each), or when they cannot be compared: a trace before version 2
  /// (which did not mark timing), or an effect with a part only a store decides as it starts
  /// it (a `throttle`'s).
  ///
  /// Reads ahead of `line` (the action's state line) to the next action, then goes back.
  func effectMismatch(
    _ effect: Effect<Feature.Action>, startedBy sequence: UInt64, after line: TraceReader.Line
  ) throws(TraceError) -> String? {
    guard header.version >= 2, let parts = effect.parts else { return nil }
    var recorded: [EffectPart] = []
    while let next = try reader.nextLine(), next.isComplete {
      if next.bytes.isEmpty { continue }
      let event = try TraceLine(next)
      if case .action = event.event { break }
      guard case .effectStarted(_, let kind, let ids, let by, nil, let timing) = event.event, by == sequence else {
        continue
      }
      recorded.append(EffectPart(kind: kind, ids: ids, timing: timing?.effectTiming))
    }
    try reader.seek(toLine: line.number + 1, at: line.offset + Int64(line.bytes.count) + 1)
    guard recorded != parts else { return nil }
    let describe = { (parts: [EffectPart]) in parts.isEmpty ? "none" : parts.map(\.description).joined(separator: "; ")
    }
    return "the recording started \(describe(recorded)); the replayed reducer returns \(describe(parts))"
  }
}

extension TraceEvent.Timing {
  /// The timing as Braid reports it, or `nil` for an operator this Braid does not know.
  var effectTiming: EffectTiming? {
    EffectTiming.Kind(rawValue: kind).map { EffectTiming($0, interval: interval.map { .nanoseconds($0) }) }
  }
}
