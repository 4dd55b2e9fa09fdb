import Braid

/// Replays a trace's time: runs the waits of the timing operators (`debounce`, `throttle`) that
/// the replayed reducer returns on a `TestClock`, moved on to each recorded event's time, and
/// checks that every effect the recording started at an action, or that a wait started once it
/// was over, starts in the replay too, in the same order, before the same recorded event.
///
/// ``TraceReplay`` runs no effect: it compares each step's effect with the recorded starts by
/// its parts, so it sees that a debounce is one, with its interval, but not that its wait ends.
/// This check runs the waits, on the clock dependency the reducer was given (the replay's
/// `continuousClock` and `suspendingClock`). Everything else is described, as a described
/// `TestStore` does: a debounced lookup starts in the replay when its wait is over, and ends when
/// the recording says it did. A debounce that waits on a clock of its own, or no longer waits,
/// starts its lookup at another time, or never, and the check names the step:
///
/// ```swift
/// if let divergence = try await TraceTimingCheck.check(path: "signup.trace", feature: SignUpForm()) {
///   print(divergence)
/// }
/// ```
///
/// Only a trace of format version 2 or later is checked (version 1 marked no timing). Time is
/// seen at the trace's resolution: a wait that ends between two recorded events is placed at
/// the later one. What the waits' own tasks send (a throttle's held-back action, say) is not
/// compared, nor are cancellations and the waits' ends.
public enum TraceTimingCheck {
  /// Where the replayed timing first differs from the recording.
  public struct Divergence: Error, CustomStringConvertible {
    /// The step (the number of actions replayed) the recorded event came after.
    public let step: Int
    /// The line of the recorded event.
    public let line: Int
    /// The action of that step, as `ValueDump` renders it; `nil` before the first action.
    public let action: String?
    /// What differs.
    public let reason: String

    /// `diverged in time at step 1 (line 6): …` and the reason.
    public var description: String {
      "diverged in time at step \(step) (line \(line))\(action.map { ": after \($0)" } ?? "")\n  \(reason)"
    }
  }

  /// Checks the trace at `path` with `feature`.
  ///
  /// - Parameters:
  ///   - path: The trace.
  ///   - feature: The feature that recorded it.
  ///   - prepareDependencies: As for ``TraceReplay``.
  /// - Returns: The first divergence, or `nil` when every start came when it did (or the trace
  ///   is of version 1).
  /// - Throws: A ``TraceError`` for a trace that cannot be replayed, as ``TraceReplay`` throws.
  @MainActor
  public static func check<Feature: Reducer>(
    path: String,
    feature: Feature,
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) async throws(TraceError) -> Divergence? where Feature.State: Codable, Feature.Action: Codable & Sendable {
    var replay = try TraceReplay(path: path, feature: feature, withDependencies: prepareDependencies)
    guard replay.header.version >= 2 else { return nil }
    var run = TimingRun<Feature.Action>(reads: replay.reads)
    let reader = try TraceReader(path: path)
    var step: (number: Int, action: String)?
    var lastLine = 2
    while let line = try reader.nextLine(), line.isComplete {
      lastLine = line.number
      guard line.number > 2, !line.bytes.isEmpty else { continue }
      let event = try TraceLine(line)
      if let time = event.time {
        let isAction = if case .action = event.event { true } else { false }
        await run.advance(to: time, beforeAnAction: isAction)
      }
      func diverged(_ reason: String) -> Divergence {
        Divergence(step: step?.number ?? 0, line: line.number, action: step?.action, reason: reason)
      }
      switch event.event {
      case .action:
        if let extra = run.unmatchedStart() { return diverged(extra) }
        guard let replayed = try replay.forward() else { return nil }
        step = (replayed.number, ValueDump.dump(replayed.action))
        if let mismatch = replayed.mismatch { return diverged(mismatch) }
        run.start(replayed.effect, for: replayed.action, sequence: event.seq)
      case .effectStarted(let effect, let kind, let ids, let by, let parent, let timing):
        if let reason = run.match(effect, kind: kind, ids: ids, by: by, parent: parent, timing: timing, at: event.time)
        {
          return diverged(reason)
        }
      case .effectFinished(let effect):
        run.finish(effect)
      default:
        continue
      }
    }
    if let extra = run.unmatchedStart() {
      return Divergence(step: step?.number ?? 0, line: lastLine, action: step?.action, reason: extra)
    }
    return nil
  }
}
