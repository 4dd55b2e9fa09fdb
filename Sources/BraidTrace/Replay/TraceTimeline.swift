import Braid
import Foundation

/// A trace as a self-contained HTML page: one row per action, in the recorded order, with where
/// it came from, when, and the state's diff, and a row of its own for the feature's mount,
/// dismount and release; beside them, lanes that show each effect from the row that started it
/// to the row that finished, cancelled or failed it.
///
/// Effects share lanes: an effect takes the first lane free when it starts, so the lanes are as
/// many as the effects that ran at once. Each lane is headed by the effects that ran in it (their
/// number, kind and cancellation ids), in order.
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
      "<table class=\"timeline\"><tr><th>step</th><th>ms</th><th>action</th>"
        + (0..<lanes.count).map { lane in
          "<th class=\"lane\">" + lanes.header(lane: lane).map(HTMLText.escaped).joined(separator: "<br>") + "</th>"
        }.joined()
        + "</tr>",
    ]
    for (index, row) in lanes.rows.enumerated() {
      let cells = (0..<lanes.count).map { lane in lanes.cell(lane: lane, row: index) }.joined()
      let time = "<td class=\"time\">\(row.time.map { String(format: "%.3f", Double($0) / 1_000_000) } ?? "")</td>"
      switch row.kind {
      case .step(let number) where number <= steps.count:
        let step = steps[number - 1]
        let diff = ValueDump.diff(step.before, step.after) ?? "no change"
        let mismatch = step.mismatch.map { "<p class=\"fail\">diverges: \(HTMLText.escaped($0))</p>" } ?? ""
        rows.append(
          "<tr class=\"step\" id=\"step-\(step.number)\"><td>\(step.number)</td>\(time)<td><details><summary><code>\(HTMLText.escaped(ValueDump.dump(step.action).split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")))</code> <small>from \(HTMLText.escaped(step.origin))</small></summary>\(HTMLPage.diff(diff))</details>\(mismatch)</td>\(cells)</tr>"
        )
      case .step:
        // An action whose state line the trace lost (cut off): the replay has no step for it.
        rows.append("<tr class=\"step\"><td></td>\(time)<td><em>an action without its state</em></td>\(cells)</tr>")
      case .lifecycle(let event):
        rows.append("<tr class=\"lifecycle\"><td></td>\(time)<td><em>\(event)</em></td>\(cells)</tr>")
      }
    }
    rows.append("</table>")
    return HTMLPage.document(title: title, body: rows)
  }

  /// The rows of a trace (its actions and the feature's own mount, dismount and release) and
  /// its effects, each placed in a lane from the row that started it to the row that ended it.
  struct Lanes {
    enum End: String {
      case finished, cancelled, failed
    }

    /// A row: an action, by its step number, or the feature's mount, dismount or release.
    struct Row {
      enum Kind {
        case step(Int)
        case lifecycle(String)
      }

      let kind: Kind
      /// Nanoseconds since the recording started.
      let time: Int64?
    }

    struct Span {
      let effect: TraceEffectNumber
      let lane: Int
      let start: Int
      var end: Int?
      var how: End?
      let label: String
    }

    private(set) var rows: [Row] = []
    private(set) var spans: [TraceEffectNumber: Span] = [:]
    private(set) var count = 0

    var effects: Int { spans.count }

    /// Reads the trace at `path`: each event belongs to the row current when it was written
    /// (an effect an action started, to that action's row; the effects the dismount cancelled,
    /// to the dismount's).
    init(path: String) throws(TraceError) {
      let reader = try TraceReader(path: path)
      var actions = 0
      var releasing = false
      var busyUntil: [Int?] = []  // per lane: the row its effect ended at, nil while running
      while let line = try reader.nextLine(), line.isComplete {
        guard line.number > 2, !line.bytes.isEmpty else { continue }
        let event = try TraceLine(line)
        let ended: (effect: TraceEffectNumber, how: End)
        switch event.event {
        case .action:
          actions += 1
          rows.append(Row(kind: .step(actions), time: event.time))
          continue
        case .mounted where event.path == nil, .dismounted where event.path == nil:
          rows.append(Row(kind: .lifecycle(event.event.name), time: event.time))
          continue
        case .releasing:
          // The release's row, so that the cancellations that follow are drawn on it.
          releasing = true
          rows.append(Row(kind: .lifecycle("released"), time: event.time))
          continue
        case .released:
          // A version 1 trace says only this, after the release's cancellations.
          if !releasing { rows.append(Row(kind: .lifecycle("released"), time: event.time)) }
          continue
        case .effectStarted(let effect, let kind, let ids, _, let parent, let timing):
          if let parent {
            // Started by a running effect's task (a debounce's wait ending), not by the row above:
            // a row of its own, at its own time.
            rows.append(Row(kind: .lifecycle("#\(parent) starts #\(effect)"), time: event.time))
          }
          let row = max(rows.count - 1, 0)
          if rows.isEmpty { rows.append(Row(kind: .lifecycle("start"), time: event.time)) }
          let lane = busyUntil.firstIndex { $0 != nil && $0! < row } ?? busyUntil.count
          if lane == busyUntil.count { busyUntil.append(nil) } else { busyUntil[lane] = nil }
          let under = ids.isEmpty ? "" : " \(ids.joined(separator: ", "))"
          let timed = timing.map { " (\($0))" } ?? ""
          spans[effect] = Span(effect: effect, lane: lane, start: row, label: "#\(effect) \(kind)\(under)\(timed)")
          continue
        case .effectFinished(let effect): ended = (effect, .finished)
        case .effectCancelled(let effect): ended = (effect, .cancelled)
        case .effectFailed(let effect, _): ended = (effect, .failed)
        default: continue
        }
        guard var span = spans[ended.effect], span.end == nil else { continue }
        span.end = max(rows.count - 1, span.start)
        span.how = ended.how
        spans[ended.effect] = span
        busyUntil[span.lane] = span.end
      }
      count = busyUntil.count
    }

    /// The head of `lane`: the effects that ran in it, in start order.
    func header(lane: Int) -> [String] {
      spans.values.filter { $0.lane == lane }.sorted { $0.effect < $1.effect }.map(\.label)
    }

    /// The cell of `lane` at `row`: the start, the end, a running span, or nothing.
    func cell(lane: Int, row: Int) -> String {
      guard
        let span = spans.values.first(where: {
          $0.lane == lane && $0.start <= row && row <= ($0.end ?? Int.max)
        })
      else { return "<td class=\"lane\"></td>" }
      let title = " title=\"\(HTMLText.escaped(span.label))\""
      if let how = span.how, span.end == row {
        let mark = how == .finished ? "■" : how == .cancelled ? "✕" : "!"
        // An effect that starts and ends on one row shows both.
        return "<td class=\"lane \(how.rawValue)\"\(title)>\(span.start == row ? "▶" : "")\(mark)</td>"
      }
      if span.start == row { return "<td class=\"lane start\"\(title)>▶</td>" }
      return "<td class=\"lane run\"\(title)></td>"
    }
  }
}
