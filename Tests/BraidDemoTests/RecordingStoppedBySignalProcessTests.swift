import BraidTestSupport
import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `--record` sessions stopped from outside: by SIGTERM or SIGINT, which each command catches to
/// stop its session, release its store and finish the trace before it ends by the same signal,
/// and by SIGKILL, which it cannot catch. Either way the trace replays; only after SIGKILL does
/// the replay say the recording was cut short. (A line cut off mid-write is
/// `TraceBadInputTests`' business.)
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
    // written by then is the header, the initial state and the store's mount.
    let written = await onOwnThread { Self.waitUntil(trace, contains: #""event":"mounted""#) }
    #expect(written, "the trace never showed its store's mount")
    #expect(process.isRunning, "the session ended before it was signalled")
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
    #expect(replay.output.contains("the recording stops before its store was released") == (signal == SIGKILL))
  }

  /// A command, what it is given on standard input, and the trace text that shows its session
  /// under way.
  struct Session: Sendable, CustomTestStringConvertible {
    let arguments: @Sendable (_ folder: String) -> [String]
    let input: String
    let underWay: String
    let testDescription: String
  }

  static let sessions = [
    Session(
      arguments: { ["signup", "--database", $0 + "/users.sqlite", "--script", "-"] },
      // The action's line, not the schema's mention of the case.
      input: "type username sint\nwait 30s\n", underWay: #"{"availabilityChecked":"#,
      testDescription: "signup reading a pipe"),
    Session(
      arguments: { ["users", "--database", $0 + "/users.sqlite", "--plain"] }, input: "",
      underWay: #""event":"action""#, testDescription: "users --plain"),
    Session(
      arguments: { ["counter", "--interactive", "--state", $0 + "/counter.json"] }, input: "+\n+\n",
      underWay: #""event":"state""#,
      testDescription: "counter --interactive"),
    // The bundled log plays in 14 s and then the session ends by itself: slowed a hundredfold,
    // it outlasts the test, so a signal sent late (a loaded pool resumes the test slowly) still
    // finds it running.
    Session(
      arguments: { _ in ["location", "--plain", "--speed", "0.01"] }, input: "", underWay: #""event":"action""#,
      testDescription: "location --plain, slowed"),
  ]

  /// Every recording command, stopped by each catchable signal mid-session (its input still
  /// open): it ends by that signal, and its trace is whole, ending with its store's release.
  @Test(arguments: sessions, [SIGINT, SIGTERM])
  func aSessionStoppedBySignalFinishesItsTrace(session: Session, signal: Int32) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-signal-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let trace = folder + "/session.trace"
    let process = Process()
    process.executableURL = Demo.executable
    process.arguments = session.arguments(folder) + ["--record", trace]
    let stdin = Pipe.forChild()
    process.standardInput = stdin
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // What the session is given, with its input left open: it is stopped mid-session.
    stdin.fileHandleForWriting.write(Data(session.input.utf8))
    let underWay = await onOwnThread { Self.waitUntil(trace, contains: session.underWay) }
    #expect(underWay, "the trace never showed \(session.underWay)")
    kill(process.processIdentifier, signal)
    let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    defer { watchdog.cancel() }
    await onOwnThread { process.waitUntilExit() }
    try stdin.fileHandleForWriting.close()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == signal)

    let replay = try await Demo.run(["replay", trace])
    #expect(replay.status == 0, "\(replay.output)\(replay.error)")
    #expect(replay.output.hasPrefix("verified: "), "\(replay.output)")
    #expect(!replay.output.contains("the recording stops before its store was released"), "\(replay.output)")
    #expect(String(decoding: Self.contents(of: trace), as: UTF8.self).contains(#""event":"released""#))
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
