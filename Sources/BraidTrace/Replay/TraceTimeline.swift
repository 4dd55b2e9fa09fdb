import Braid
import Foundation

/// A trace as a self-contained HTML page: one row per action, in the recorded order, with where
/// it came from and the state's diff, beside lanes that show each effect from its start to its
/// finish, cancellation or failure.
///
/// Effects share lanes: an effect takes the first lane free when it starts, so the lanes are as
/// many as the effects that ran at once.
public enum TraceTimeline {
  /// The page of the trace at `path`, replayed with `feature` for the states.
  ///
  /// - Parameters:
  ///   - path: The trace.
  ///   - reducer: The feature that recorded it.
  ///   - title: The page's title; by default the file's name and the recorded feature's.
  ///   - prepareDependencies: As for ``TraceReplay``.
  /// - Returns: The page.
  /// - Throws: A ``TraceError`` for a trace that cannot be read or replayed.
  public static func html<Feature: Reducer>(
    path: String, feature reducer: Feature, title: String? = nil,
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) throws(TraceError) -> String where Feature.State: Codable, Feature.Action: Codable & Sendable {
    let feature = try TraceHeader.read(path: path).feature
    let title = title ?? "\((path as NSString).lastPathComponent): a trace of \(feature)"
    var replay = try TraceReplay(path: path, feature: reducer, withDependencies: prepareDependencies)
    var steps: [TraceReplay<Feature>.Step] = []
    while let step = try replay.forward() { steps.append(step) }
    let lanes = try Lanes(path: path)
    var rows = [
      "<h1>\(HTMLText.escaped(title))</h1>",
      "<p id=\"summary\">\(steps.count) action(s), \(lanes.effects) effect(s) in \(lanes.count) lane(s)\(replay.endedMidLine ? "; the last line was cut off" : "")</p>",
      "<table class=\"timeline\"><tr><th>step</th><th>action</th>"
        + (0..<lanes.count).map { "<th class=\"lane\">\($0 + 1)</th>" }.joined() + "</tr>",
    ]
    for step in steps {
      let diff = ValueDump.diff(step.before, step.after) ?? "no change"
      let cells = (0..<lanes.count).map { lane in lanes.cell(lane: lane, step: step.number) }.joined()
      let mismatch = step.mismatch.map { "<p class=\"fail\">diverges: \(HTMLText.escaped($0))</p>" } ?? ""
      rows.append(
        "<tr class=\"step\" id=\"step-\(step.number)\"><td>\(step.number)</td><td><details><summary><code>\(HTMLText.escaped(ValueDump.dump(step.action).split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")))</code> <small>from \(HTMLText.escaped(step.origin))</small></summary>\(HTMLPage.diff(diff))</details>\(mismatch)</td>\(cells)</tr>"
      )
    }
    rows.append("</table>")
    return HTMLPage.document(title: title, body: rows)
  }

  /// The effects of a trace, each placed in a lane from the step it started at to the step it
  /// ended at.
  struct Lanes {
    enum End: String {
      case finished, cancelled, failed
    }

    struct Span {
      let lane: Int
      let start: Int
      var end: Int?
      var how: End?
      let label: String
    }

    private(set) var spans: [Int: Span] = [:]
    private(set) var count = 0

    var effects: Int { spans.count }

    /// Reads the effect events of the trace at `path`; an event's step is the number of
    /// actions before it (an effect an action started belongs to that action's step).
    init(path: String) throws(TraceError) {
      let reader = try TraceReader(path: path)
      var actions = 0
      var busyUntil: [Int?] = []  // per lane: the step its effect ended at, nil while running
      while let line = try reader.nextLine(), line.isComplete {
        guard line.number > 2, !line.bytes.isEmpty else { continue }
        let ended: (effect: Int, how: End)
        switch try TraceLine(line).event {
        case .action:
          actions += 1
          continue
        case .effectStarted(let effect, let kind, let ids, _, _):
          let lane = busyUntil.firstIndex { $0 != nil && $0! < actions } ?? busyUntil.count
          if lane == busyUntil.count { busyUntil.append(nil) } else { busyUntil[lane] = nil }
          let under = ids.isEmpty ? "" : " under \(ids.joined(separator: ", "))"
          spans[effect] = Span(lane: lane, start: max(actions, 1), label: "effect \(effect) (\(kind)\(under))")
          continue
        case .effectFinished(let effect): ended = (effect, .finished)
        case .effectCancelled(let effect): ended = (effect, .cancelled)
        case .effectFailed(let effect, _): ended = (effect, .failed)
        default: continue
        }
        guard var span = spans[ended.effect], span.end == nil else { continue }
        span.end = max(actions, span.start)
        span.how = ended.how
        spans[ended.effect] = span
        busyUntil[span.lane] = span.end
      }
      count = busyUntil.count
    }

    /// The cell of `lane` at `step`: the start, the end, a running span, or nothing.
    func cell(lane: Int, step: Int) -> String {
      guard
        let span = spans.values.first(where: {
          $0.lane == lane && $0.start <= step && step <= ($0.end ?? Int.max)
        })
      else { return "<td class=\"lane\"></td>" }
      let title = " title=\"\(HTMLText.escaped(span.label))\""
      if span.start == step { return "<td class=\"lane start\"\(title)>▶</td>" }
      if span.end == step, let how = span.how {
        return
          "<td class=\"lane \(how.rawValue)\"\(title)>\(how == .finished ? "■" : how == .cancelled ? "✕" : "!")</td>"
      }
      return "<td class=\"lane run\"\(title)></td>"
    }
  }
}
