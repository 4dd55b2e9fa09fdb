import BraidTestSupport
import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `braid-demo signup --record` stopped from outside while it waits for its input: by SIGTERM (or
/// SIGINT), which it catches to close the trace before it ends by the same signal, and by SIGKILL,
/// which it cannot catch. Either way the trace replays, and the replay says the recording was cut
/// short. (A line cut off mid-write is `TraceBadInputTests`' business.)
struct RecordingStoppedBySignalProcessTests {
  typealias Demo = BraidDemoProcessTests

  @Test(arguments: [SIGTERM, SIGINT, SIGKILL])
  func aRecordingStoppedBySignalReplaysWhatItHolds(signal: Int32) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-signal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = folder.appendingPathComponent("signup.trace").path
    let process = Process()
    process.executableURL = Demo.executable
    process.arguments = ["signup", "--database", folder.appendingPathComponent("users.sqlite").path, "--record", trace]
    let stdin = Pipe.forChild()
    process.standardInput = stdin
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Standard input stays open, so the demo waits on it with its trace open: what it has
    // written by then is the header and the initial state.
    let written = await onOwnThread { Self.waitUntil(trace, contains: #""event":"initial""#) }
    #expect(written, "the trace never showed its initial state")
    kill(process.processIdentifier, signal)
    // A safety net: a demo the signal did not end is killed, and the test fails on its status.
    let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    defer { watchdog.cancel() }
    await onOwnThread { process.waitUntilExit() }
    try stdin.fileHandleForWriting.close()
    // Ended by the signal itself: SIGTERM and SIGINT re-raised once the trace was closed.
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == signal)

    let replay = try await Demo.run(["replay", trace])
    #expect(replay.status == 0, "\(replay.output)\(replay.error)")
    #expect(replay.output.hasPrefix("verified: 0 action(s) reach their recorded states\n"))
    #expect(replay.output.contains("the recording stops before its store was released"))
  }

  /// Waits, up to 60 seconds, until the file at `path` holds `text`: the recording's own thread
  /// writes it, in another process, so there is nothing to wait on but the file.
  private static func waitUntil(_ path: String, contains text: String) -> Bool {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if String(decoding: contents(of: path), as: UTF8.self).contains(text) { return true }
      usleep(10_000)
    }
    return false
  }

  /// The bytes of the file at `path` as they are now, read with `read(2)`: Foundation's
  /// `String(contentsOfFile:)` leaked its buffer (LeakSanitizer, 4,096 bytes a call) when
  /// it read a file another process was writing.
  private static func contents(of path: String) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    return bytes
  }
}
