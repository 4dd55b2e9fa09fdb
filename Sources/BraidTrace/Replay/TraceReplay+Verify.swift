import Braid

extension TraceReplay {
  /// How a replay of a whole trace ended.
  public enum Outcome {
    /// Every action reached its recorded state. `endedMidLine` when the trace's last line was
    /// cut off (a recording killed mid-write): the replay verified what came before it.
    case verified(steps: Int, endedMidLine: Bool)
    /// An action reached another state than the recording's.
    case diverged(Divergence)
  }

  /// The first action whose replayed state is not the recorded one.
  public struct Divergence: CustomStringConvertible {
    /// The action's step, from 1.
    public let step: Int
    /// The line of its `action` event.
    public let line: Int
    /// The action, as `ValueDump` renders it.
    public let action: String
    /// Why the states differ: their digests, or a dependency value read that the recording
    /// does not have.
    public let reason: String
    /// What the action changed in the replay: the diff of the state before it against after.
    public let replayedChange: String?
    /// The step of the nearest keyframe at or after the divergence, if the trace has one.
    public let keyframeStep: Int?
    /// The diff of the recorded state at ``keyframeStep`` against the replayed one.
    public let keyframeDiff: String?

    /// The divergence as a report: step, line, action, reason and diffs.
    public var description: String {
      var lines = ["diverged at step \(step) (line \(line)): \(action)", "  \(reason)"]
      if let replayedChange {
        lines.append("  the replayed action changed the state:")
        lines += replayedChange.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }
      } else {
        lines.append("  the replayed action left the state unchanged")
      }
      if let keyframeStep {
        lines.append("  recorded (−) and replayed (+) state at step \(keyframeStep), the nearest keyframe:")
        lines += (keyframeDiff ?? "no difference").split(separator: "\n", omittingEmptySubsequences: false)
          .map { "    \($0)" }
      } else {
        lines.append("  the trace has no keyframe at or after this step to compare the whole state with")
      }
      return lines.joined(separator: "\n")
    }
  }

  /// Replays every action from where the replay stands to the end of the trace, and reports the
  /// first divergence.
  ///
  /// - Returns: How the replay ended.
  /// - Throws: A ``TraceError`` for a line the format does not allow.
  public mutating func verify() throws(TraceError) -> Outcome {
    while let current = try forward() {
      guard let reason = current.mismatch else { continue }
      var keyframe = current.recorded.map { (current.number, $0, current.after) }
      while keyframe == nil, let later = try forward() {
        keyframe = later.recorded.map { (later.number, $0, later.after) }
      }
      return .diverged(
        Divergence(
          step: current.number,
          line: current.line,
          action: ValueDump.dump(current.action),
          reason: reason,
          replayedChange: ValueDump.diff(current.before, current.after),
          keyframeStep: keyframe?.0,
          keyframeDiff: keyframe.flatMap { ValueDump.diff($0.1, $0.2) }
        ))
    }
    return .verified(steps: step, endedMidLine: endedMidLine)
  }
}
