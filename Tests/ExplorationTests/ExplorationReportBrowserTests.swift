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

    let dom = try Self.run(browser, ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.absoluteString])
    // Chromium's own error page has another title.
    #expect(dom.contains("<title>Exploring the broken counter</title>"))
    #expect(dom.components(separatedBy: "<li class=\"step\">").count - 1 == counterexample.steps.count)
    #expect(dom.components(separatedBy: "<g class=\"node\"").count - 1 == graph.nodes.count)
    #expect(dom.contains("violated: a timer effect runs exactly while the timer is on"))

    let screenshot = folder.appendingPathComponent("report.png")
    _ = try Self.run(
      browser,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1200,900",
        "--screenshot=\(screenshot.path)", page.absoluteString,
      ])
    let inked = try Self.run("/usr/bin/python3", ["-c", Self.inkedPixels, screenshot.path])
    // Headings, steps, boxes and arrows: tens of thousands of pixels that are not background.
    #expect((Int(inked.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 10_000, "\(inked)")
  }

  @Test func aTracesTimelineOpensWithARowPerActionAndItsEffectLanes() throws {
    let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("RecordedSessionTests/Traces/counter.trace").path
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-timeline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("timeline.html")
    try TraceTimeline.html(path: trace, feature: Counter()).write(to: page, atomically: true, encoding: .utf8)
    let dom = try Self.run(
      try #require(chromium), ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.absoluteString])
    #expect(dom.contains("<title>counter.trace: a trace of Counter</title>"))
    #expect(dom.contains("12 action(s), 3 effect(s) in 1 lane(s)"))
    #expect(dom.components(separatedBy: "<tr class=\"step\"").count - 1 == 12)
    // The factoring, the timer (cancelled by its second tap) and the second factoring.
    #expect(dom.components(separatedBy: "class=\"lane start\"").count - 1 == 3)
    #expect(dom.components(separatedBy: "class=\"lane cancelled\"").count - 1 == 1)
  }

  /// Runs `program` to its end, at most 60 s (`timeout` kills it then), and returns its output.
  static func run(_ program: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = ["60", program] + arguments
    let output = Pipe.forChild()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// Counts the pixels of a PNG screenshot (8-bit RGB or RGBA) darker than near-white.
  static let inkedPixels = """
    import struct, sys, zlib
    data = open(sys.argv[1], "rb").read()
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I", data[pos:pos + 4])[0], data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
    raw, bpp = zlib.decompress(idat), {2: 3, 6: 4}[colour]
    stride, prev, i, inked = width * bpp, bytearray(width * bpp), 0, 0
    for y in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + ((a + b) >> 1)) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        inked += sum(1 for x in range(0, stride, bpp) if min(line[x], line[x + 1], line[x + 2]) < 200)
        prev = line
    print(inked)
    """
}
