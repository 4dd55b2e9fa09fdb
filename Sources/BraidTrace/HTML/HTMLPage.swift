/// The pieces of Braid's self-contained HTML pages (an exploration's report, a trace's
/// timeline): one document with its style inline, and nothing fetched from the network.
package enum HTMLPage {
  /// A whole page: `body`'s elements under a head with `title` and the style.
  package static func document(title: String, body: [String]) -> String {
    """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>\(HTMLText.escaped(title))</title>
    <style>\(style)</style></head>
    <body>
    \(body.joined(separator: "\n"))
    </body></html>

    """
  }

  /// A diff as a block, its removed and added lines marked for colour.
  package static func diff(_ diff: String) -> String {
    let lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let text = HTMLText.escaped(String(line))
      if line.hasPrefix("−") { return "<span class=\"removed\">\(text)</span>" }
      if line.hasPrefix("+") { return "<span class=\"added\">\(text)</span>" }
      return text
    }
    return "<pre class=\"diff\">\(lines.joined(separator: "\n"))</pre>"
  }

  private static let style = """
    body{font:15px/1.45 system-ui,sans-serif;margin:2em;color:#222;max-width:75em}
    h1{font-size:1.6em}.pass{color:#17652d}.fail,.violation{color:#a31515;font-weight:600}
    .step{margin:.6em 0}pre.diff{background:#f6f6f6;padding:.5em;overflow:auto;margin:.3em 0}
    .removed{color:#a31515}.added{color:#17652d}
    table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}
    td:first-child,th:first-child{text-align:left}tr.never td{color:#a31515}
    svg.graph{background:#fcfcfc;border:1px solid #ddd}#graph{width:max(100%,calc(100vw - 5em))}
    .node rect{fill:#e8f0fe;stroke:#3367d6}.node text{font-size:12px}
    .edge-label{font-size:11px;fill:#444}
    table.timeline td,table.timeline th{text-align:left;vertical-align:top}td.lane{width:1.2em;padding:0;text-align:center}th.lane{white-space:nowrap;font-weight:normal;font-size:.85em}td.time{font-variant-numeric:tabular-nums;text-align:right}
    td.lane.run{background:#cfe0fb}td.lane.start{background:#3367d6;color:#fff}
    td.lane.finished{background:#17652d;color:#fff}td.lane.cancelled{background:#a31515;color:#fff}
    td.lane.failed{background:#e37400;color:#fff}details summary{cursor:pointer}
    """
}

/// Text made safe inside HTML and SVG.
package enum HTMLText {
  package static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
