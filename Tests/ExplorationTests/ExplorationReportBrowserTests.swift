import BraidExploration
import BraidTestSupport
import BraidTrace
import CounterFeature
import CounterTools
import Foundation
import Testing

private let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
  FileManager.default.isExecutableFile(atPath: $0)
}

/// An exploration's HTML report in a real browser: headless Chromium builds the page's DOM,
/// with every step of the counterexample and every node of the graph, and draws more than a
/// blank page.
@MainActor
@Suite(.needs("Chromium", isInstalled: chromium != nil, package: "chromium"))
struct ExplorationReportBrowserTests {
  @Test func theReportOpensWithItsStepsAndNodesAndIsDrawn() async throws {
    let exploration = CounterExploration.exploration(CounterExplorationTests.TimerNotCancelledOnStop())
      .graphing(CounterExploration.node)
    let report = await exploration.run(seed: 0, steps: 10_000)
    let counterexample = try #require(report.counterexample)
    let graph = try #require(report.graph)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("report.html")
    try await exploration.html(of: report, title: "Exploring the broken counter").write(
      to: page, atomically: true, encoding: .utf8)
    let browser = try #require(chromium)

    let dom = try await Self.run(
      browser, ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.absoluteString])
    // Chromium's own error page has another title.
    #expect(dom.contains("<title>Exploring the broken counter</title>"))
    #expect(dom.components(separatedBy: "<li class=\"step\">").count - 1 == counterexample.steps.count)
    #expect(dom.components(separatedBy: "<g class=\"node\"").count - 1 == graph.nodes.count)
    #expect(dom.contains("violated: a timer effect runs exactly while the timer is on"))

    // The picture alone, as a browser lays it out: every node box, and whether each label line
    // fits it. (The other sections are hidden, so the screenshots below stay small.)
    let html = try String(contentsOf: page, encoding: .utf8).replacingOccurrences(
      of: "</head>", with: "<style>body>*:not(#graph){display:none}</style></head>")
    let probe = folder.appendingPathComponent("probe.html")
    try html.replacingOccurrences(of: "</body>", with: "<script>\(Self.geometryProbe)</script></body>")
      .write(to: probe, atomically: true, encoding: .utf8)
    let probed = try await Self.run(
      browser,
      ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=1400,900", "--dump-dom", probe.absoluteString])
    let json = try #require(
      probed.components(separatedBy: "<pre id=\"geometry\">").dropFirst().first?.components(separatedBy: "</pre>")
        .first)
    let geometry = try JSONDecoder().decode(Geometry.self, from: Data(json.utf8))
    #expect(geometry.nodes.count == graph.nodes.count)
    #expect(geometry.graph.width > 100 && geometry.graph.x + geometry.graph.width <= 1400, "\(geometry.graph)")
    for node in geometry.nodes {
      #expect(node.labelFits, "\(node.id)'s label is cut")
      #expect(geometry.graph.contains(node.box), "\(node.id) lies outside the picture")
      for other in geometry.nodes where other.id < node.id {
        #expect(!node.box.overlaps(other.box), "\(node.id) and \(other.id) overlap")
      }
    }

    // The picture is drawn: hiding its nodes and arrows by CSS (its frame stays) changes the
    // pixels inside its box.
    let hidden = folder.appendingPathComponent("hidden.html")
    try html.replacingOccurrences(of: "</head>", with: "<style>svg.graph g{visibility:hidden}</style></head>")
      .write(to: hidden, atomically: true, encoding: .utf8)
    var screenshots: [String] = []
    for (name, shown) in [("shown.png", page), ("hidden.png", hidden)] {
      let screenshot = folder.appendingPathComponent(name).path
      _ = try await Self.run(
        browser,
        [
          "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
          "--window-size=1400,\(Int(geometry.graph.y + geometry.graph.height) + 40)",
          "--screenshot=\(screenshot)", shown.absoluteString,
        ])
      screenshots.append(screenshot)
    }
    let box = geometry.graph
    let differing = try await Self.run(
      "/usr/bin/python3",
      ["-c", Self.differingPixels] + screenshots + [box.x, box.y, box.width, box.height].map { String(Int($0)) })
    // Boxes, labels and arrows: thousands of pixels inside the picture's box.
    #expect((Int(differing.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 3_000, "\(differing)")
  }

  @Test func aTracesTimelineOpensWithARowPerActionAndItsEffectLanes() async throws {
    let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("RecordedSessionTests/Traces/counter.trace").path
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-timeline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("timeline.html")
    try TraceTimeline.html(path: trace, feature: Counter()).write(to: page, atomically: true, encoding: .utf8)
    let dom = try await Self.run(
      try #require(chromium), ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.absoluteString])
    #expect(dom.contains("<title>counter.trace: a trace of Counter</title>"))
    #expect(dom.contains("12 action(s), 3 effect(s) in 1 lane(s)"))
    #expect(dom.components(separatedBy: "<tr class=\"step\"").count - 1 == 12)
    // The factoring, the timer (cancelled by its second tap) and the second factoring.
    #expect(dom.components(separatedBy: "class=\"lane start\"").count - 1 == 3)
    #expect(dom.components(separatedBy: "class=\"lane cancelled\"").count - 1 == 1)
  }

  /// Runs `program` to its end, at most 60 s (`timeout` kills it then), and returns its output;
  /// on a thread of its own, so that neither the main actor nor the shared pool waits for it.
  nonisolated static func run(_ program: String, _ arguments: [String]) async throws -> String {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["60", program] + arguments
        let output = Pipe.forChild()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
          try process.run()
        } catch {
          continuation.resume(throwing: error)
          return
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        continuation.resume(returning: String(decoding: data, as: UTF8.self))
      }
    }
  }
}
