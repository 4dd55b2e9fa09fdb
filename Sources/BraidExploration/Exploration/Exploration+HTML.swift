import Braid
import BraidTrace

extension Exploration {
  /// A self-contained HTML page of `report`: the summary, the state machine as inline SVG (when
  /// the exploration drew one), the coverage, and the counterexample step by step with what
  /// each step changed. No script, style sheet or font comes from the network.
  ///
  /// - Parameters:
  ///   - report: A report of this exploration.
  ///   - title: The page's title, such as the feature's name.
  /// - Returns: The page.
  public func html(of report: ExplorationReport<State, Action>, title: String) async -> String {
    let summary =
      "seed \(report.seed): \(report.steps) step(s) in \(report.walks) walk(s), "
      + (report.counterexample == nil ? "no violation" : "a violation")
    var body = [
      "<h1>\(HTMLText.escaped(title))</h1>",
      "<p id=\"summary\" class=\"\(report.counterexample == nil ? "pass" : "fail")\">\(HTMLText.escaped(summary))</p>",
    ]
    if let counterexample = report.counterexample {
      body.append("<section id=\"counterexample\"><h2>Counterexample</h2>")
      body.append("<p class=\"violation\">violated: \(HTMLText.escaped(counterexample.violation))</p><ol>")
      for (step, before, after) in await walkthrough(counterexample.steps) {
        let diff = ValueDump.diff(before, after) ?? "no change"
        body.append(
          "<li class=\"step\"><code>\(HTMLText.escaped(step.description))</code>\(HTMLPage.diff(diff))</li>"
        )
      }
      body.append("</ol></section>")
    }
    if let graph = report.graph {
      body.append("<section id=\"graph\"><h2>State machine</h2>\(graph.svg)")
      if !graph.unexercised.isEmpty {
        body.append(
          "<p class=\"unexercised\">never taken: \(HTMLText.escaped(graph.unexercised.joined(separator: ", ")))</p>")
      }
      body.append("</section>")
    }
    body.append(Self.coverageTable(report.coverage))
    return HTMLPage.document(title: title, body: body)
  }

  /// Each step of `steps` that ran, with the states before and after it.
  func walkthrough(_ steps: [ExplorationStep<Action>]) async -> [(ExplorationStep<Action>, State, State)] {
    let walk = ExplorationWalk(self)
    await walk.mount()
    var result: [(ExplorationStep<Action>, State, State)] = []
    for step in steps {
      let before = walk.state
      guard let performed = await walk.perform(step) else { continue }
      result.append((performed, before, walk.state))
    }
    _ = await walk.finish()
    return result
  }

  private static func coverageTable(_ coverage: ExplorationCoverage) -> String {
    var rows = [
      "<section id=\"coverage\"><h2>Coverage</h2><table><tr><th>action</th><th>sent</th><th>fed back</th></tr>"
    ]
    let names =
      coverage.cases + Set(coverage.sent.keys).union(coverage.fedBack.keys).subtracting(coverage.cases).sorted()
    for name in names {
      let never = coverage.sent[name] == nil && coverage.fedBack[name] == nil
      rows.append(
        "<tr class=\"\(never ? "never" : "seen")\"><td>\(HTMLText.escaped(name))</td><td>\(coverage.sent[name] ?? 0)</td><td>\(coverage.fedBack[name] ?? 0)</td></tr>"
      )
    }
    rows.append("</table><h3>Effects started</h3><ul>")
    for (ids, count) in coverage.effectsStarted.sorted(by: { $0.key < $1.key }) {
      rows.append("<li><code>\(HTMLText.escaped(ids))</code> ×\(count)</li>")
    }
    rows.append("</ul></section>")
    return rows.joined(separator: "\n")
  }

}
