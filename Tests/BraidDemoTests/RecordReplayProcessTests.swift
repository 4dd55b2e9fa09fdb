import BraidTestSupport
import Foundation
import Testing

/// `braid-demo signup --record` and `braid-demo replay`, as a user runs them.
struct RecordReplayProcessTests {
  /// What `replay` adds for a version 2 trace that replays in time.
  static let inTime =
    "verified in time: every effect starts when it did, the debounce and throttle waits run on a test clock"

  typealias Demo = BraidDemoProcessTests

  static let password = "hunter2-Secret"
  static let script = """
    type username alice
    wait 400ms
    type email alice@example.com
    type password \(password)
    type verification \(password)
    submit

    """

  /// Records the sign-up script into a new trace in a new folder; returns the trace's path.
  static func record() async throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-record-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let trace = folder.appendingPathComponent("signup.trace").path
    let result = try await Demo.run(
      ["signup", "--database", folder.appendingPathComponent("users.sqlite").path, "--record", trace],
      input: script)
    #expect(result.status == 0, "\(result.error)")
    return trace
  }

  @Test func aRecordedSignUpKeepsThePasswordOutAndReplays() async throws {
    let trace = try await Self.record()
    defer { try? FileManager.default.removeItem(atPath: (trace as NSString).deletingLastPathComponent) }
    let attributes = try FileManager.default.attributesOfItem(atPath: trace)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: trace))
    #expect(!bytes.isEmpty)
    #expect(bytes.range(of: Data(Self.password.utf8)) == nil, "the password is in the trace")
    #expect(bytes.range(of: Data("hunter2".utf8)) == nil, "part of the password is in the trace")

    let replay = try await Demo.run(["replay", trace])
    #expect(replay.status == 0, "\(replay.output)\(replay.error)")
    #expect(replay.output == "verified: 7 action(s) reach their recorded states\n\(Self.inTime)\n")

    let initial = try await Demo.run(["replay", trace, "--at", "0"])
    #expect(initial.status == 0)
    #expect(initial.output.contains(#"username: "","#))
    let last = try await Demo.run(["replay", trace, "--at", "7"])
    #expect(last.output.contains(#"username: "alice","#))
    // The placeholder keeps the password's class only (the first acceptable one of the
    // session), and is the same in both fields.
    #expect(last.output.contains(#"  password: "password-1","#), "\(last.output)")
    #expect(last.output.contains(#"passwordVerification: "password-1""#), "\(last.output)")
    let beyond = try await Demo.run(["replay", trace, "--at", "8"])
    #expect(beyond.status == 1)
    #expect(beyond.error.contains("there is no step 8"))
  }

  @Test func badTracesAndPathsEndWithStatusOneAndTheLine() async throws {
    let trace = try await Self.record()
    let folder = (trace as NSString).deletingLastPathComponent
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // A recording never replaces a file.
    let again = try await Demo.run(
      ["signup", "--database", folder + "/users.sqlite", "--record", trace], input: Self.script)
    #expect(again.status == 1)
    #expect(again.error.contains("\(trace) already exists: pass --force to replace it"))

    var lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
    let corrupt = folder + "/corrupt.trace"
    lines[4] = "{not json"
    try lines.joined(separator: "\n").write(toFile: corrupt, atomically: false, encoding: .utf8)
    let corrupted = try await Demo.run(["replay", corrupt])
    #expect(corrupted.status == 1)
    #expect(corrupted.error.contains("line 5: not a trace event"), "\(corrupted.error)")

    let empty = folder + "/empty.trace"
    _ = FileManager.default.createFile(atPath: empty, contents: Data())
    let emptied = try await Demo.run(["replay", empty])
    #expect(emptied.status == 1)
    #expect(emptied.error.contains("the trace is empty"))

    let missing = try await Demo.run(["replay", folder + "/missing.trace"])
    #expect(missing.status == 1)
    let usage = try await Demo.run(["replay"])
    #expect(usage.status == 64)
    let both = try await Demo.run(["replay", trace, "--emit-test", "--at", "1"])
    #expect(both.status == 64)
    #expect(both.error.contains("--emit-test and --at cannot go together"))
    let badName = try await Demo.run(["replay", trace, "--emit-test", "--test-name", "not a name"])
    #expect(badName.status == 64)
    let corruptTest = try await Demo.run(["replay", corrupt, "--emit-test"])
    #expect(corruptTest.status == 1)
    #expect(corruptTest.error.contains("line 5: not a trace event"), "\(corruptTest.error)")
  }

  @Test func aRecordedSignUpBecomesATestWithoutThePassword() async throws {
    let trace = try await Self.record()
    defer { try? FileManager.default.removeItem(atPath: (trace as NSString).deletingLastPathComponent) }
    let emitted = try await Demo.run(["replay", trace, "--emit-test", "--test-name", "aliceSignsUp"])
    #expect(emitted.status == 0, "\(emitted.error)")
    #expect(emitted.output.contains("@Test func aliceSignsUp() async throws {"))
    #expect(emitted.output.contains(#"await store.send(.usernameChanged("alice")) {"#))
    #expect(
      emitted.output.contains(
        #"store.effectStarted(.run, ids: ["availability"], timing: EffectTiming(.debounce, interval: .milliseconds(300)))  // effect1"#
      ))
    #expect(emitted.output.contains("await clock.advance(by: .milliseconds(300))"))
    #expect(
      emitted.output.contains(
        "await store.answer(effect1_1, with: .availabilityChecked(username: \"alice\", isAvailable: true))"))
    #expect(emitted.output.hasSuffix("  await store.finish()\n}\n"))
    #expect(!emitted.output.contains("hunter2"), "the password is in the emitted test")
  }

  @Test func stepsForwardBackAndJumpShowingEachActionAndItsChange() async throws {
    let trace = try await Self.record()
    defer { try? FileManager.default.removeItem(atPath: (trace as NSString).deletingLastPathComponent) }
    let stepping = try await Demo.run(["replay", trace, "--step"], input: "n\nwhat\np\nj 3\nj 99\nn\nq\nn\n")
    #expect(stepping.status == 0, "\(stepping.error)")
    let lines = stepping.output.split(separator: "\n").map(String.init)
    let moves = lines.filter { $0.hasPrefix("step ") || $0.hasPrefix("the trace has") || $0.hasPrefix("n: ") }
    #expect(
      moves.map { String($0.prefix(25)) }
        == [
          "step 0: the initial state (n: next a",
          #"step 1: .usernameChanged("alice") (f"#,
          "n: next action   p: previous   j N: ",
          // A move back or a jump names the action it lands after, as a step forward does.
          "step 0: the initial state",
          #"step 3: .emailChanged("alice"#,
          "the trace has 7 action(s); there is ",
          // Back at step 3 after the failed jump; `q` ends it before the last `n`.
          "step 4: .passwordChanged(",
        ].map { String($0.prefix(25)) })
    #expect(lines.contains(#"  +   username: "alice","#))
  }

  @Test func theCountersTourRecordsReplaysAndBecomesATest() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-counter-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = folder.appendingPathComponent("counter.trace").path
    let tour = try await Demo.run(["counter", "--record", trace])
    #expect(tour.status == 0, "\(tour.error)")
    let replay = try await Demo.run(["replay", trace])
    #expect(replay.status == 0, "\(replay.output)\(replay.error)")
    #expect(replay.output.hasPrefix("verified: "))
    #expect(!replay.output.contains("stops before its store was released"))
    let test = try await Demo.run(["replay", trace, "--emit-test"])
    #expect(test.status == 0)
    #expect(test.output.contains(#"let effect1 = store.effectStarted(.run, ids: ["factoring"])"#))
    let missing = try await Demo.run(["counter", "--record"])
    #expect(missing.status == 64)
    #expect(missing.error.contains("--record needs a file"))
  }

  @Test func aLocationSessionRecordsAndReplays() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-location-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = folder.appendingPathComponent("location.trace").path
    let session = try await Demo.run(["location", "--immediate", "--plain", "--record", trace])
    #expect(session.status == 0, "\(session.error)")
    let replay = try await Demo.run(["replay", trace])
    #expect(replay.status == 0, "\(replay.output)\(replay.error)")
    // The bundled log's fixes, source reports and end, as the tracker reduced them.
    #expect(replay.output.hasPrefix("verified: 250 action(s) reach their recorded states"), "\(replay.output)")
    let state = try await Demo.run(["replay", trace, "--at", "250"])
    #expect(state.output.contains("fixCount: "))
  }
}
