import BraidTestSupport
import Foundation
import Testing

/// `braid-demo app`, run as a user or CI would: a script pushes and pops every screen, and
/// popping a screen leaves the process with the descriptors it had before the push.
struct AppProcessTests {
  static let everyScreen = """
    show
    push counter
    +
    +
    factor
    wait 0s
    show
    pop
    push signup
    type username alice
    wait 400ms
    show
    pop
    push location
    track
    wait 1s
    show
    pop
    push users
    show
    pop

    """

  @Test func aScriptPushesAndPopsEveryScreen() async throws {
    let database = try Self.temporaryDatabase()
    defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
    let result = try await BraidDemoProcessTests.run(
      ["app", "--database", database, "--script", "-"], input: Self.everyScreen)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.isEmpty)
    let screens = result.output.components(separatedBy: "\n\nBraid demo — ")
    #expect(screens.count == 6, "\(result.output)")
    #expect(screens.first?.hasPrefix("Braid demo — Home\n\n  push counter") == true)
    #expect(screens.dropFirst().first?.hasPrefix("Home › Counter") == true)
    #expect(result.output.contains("Braid demo — Home › Counter\n\nCounter\n\n  count: 2  factors: 2\n"))
    #expect(result.output.contains("Braid demo — Home › Sign-up\n\nSign up\n\n  Username  [alice"))
    #expect(result.output.contains("] Username available"))
    #expect(
      result.output.contains("Braid demo — Home › Location\n\nBraid location — bundled log nmea-rtk.log, looping"))
    #expect(result.output.contains("  Tracking   on    Authorization: readable"))
    #expect(result.output.contains("  Receiver   open, "))
    #expect(result.output.contains("Braid demo — Home › Users\n\nBraid users — \(database)"))
    #expect(result.output.contains("\n  0 user(s)\n"))
    // The end: every screen popped, the app quit.
    #expect(
      result.output.hasSuffix(
        "  Quit: every screen closed.\n\n  keys: push counter|signup|location|users  quit  wait DURATION  show\n"))
  }

  @Test func quittingDuringASignUpAsksFirst() async throws {
    let database = try Self.temporaryDatabase()
    defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
    // The sign-up's script ends with `submit`; `quit` follows it at once.
    let script = "push signup\n" + UsersDatabaseFileProcessTests.signUpAlice + "quit\nshow\nstay\nwait 0s\nshow\n"
    let folder = (database as NSString).deletingLastPathComponent
    let file = (folder as NSString).appendingPathComponent("quit.script")
    try script.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try await BraidDemoProcessTests.run(["app", "--database", database, "--script", file])
    #expect(result.status == 0, "\(result.error)")
    let screens = result.output.components(separatedBy: "\n\nBraid demo — ")
    try #require(screens.count == 3, "\(result.output)")
    // `quit` came straight after `submit`, with the sign-up in flight: the sheet is up. Whether
    // the sign-up has finished by the `show` is the machine's business; the sheet says which.
    #expect(screens[0].contains("  ┌ Quit? "))
    #expect(
      screens[0].contains("  │ The sign-up of alice is still in flight.")
        || screens[0].contains("  │ The sign-up of alice has finished meanwhile."))
    #expect(screens[0].hasSuffix("  keys: quit  stay"))
    // `stay`: the sheet dismissed itself; the sign-up finished.
    #expect(!screens[1].contains("Quit?"))
    #expect(screens[1].contains("  Signed up: Welcome, alice!"))
    // Who signed up is shared by every screen, home included once the form is popped.
    #expect(screens[1].hasPrefix("Home › Sign-up    signed in as alice\n"), "\(screens[1])")
    #expect(screens[2].hasPrefix("Home    signed in as alice\n"), "\(screens[2])")
    #expect(screens[2].contains("  Quit: every screen closed."))
  }

  @Test func aLineThatIsNotAVerbSaysWhyAndWhere() async throws {
    let database = try Self.temporaryDatabase()
    defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
    let cases: [(script: String, error: String)] = [
      (
        "push nowhere\n",
        "braid-demo: script line 1: expected a screen (counter, signup, location, users): push nowhere\n"
      ),
      (
        "# home\ntrack\n",
        "braid-demo: script line 2: unknown command; here: push counter|signup|location|users  quit  wait DURATION  show: track\n"
      ),
      (
        "push counter\nhunter2 secret\n",
        "braid-demo: script line 2: unknown command; here: +  -  factor  timer  push SCREEN  pop  quit  wait DURATION  show: (not shown) …\n"
      ),
      (
        "push signup\ntype pasword hunter2\n",
        "braid-demo: script line 2: expected a field (username, email, password, verification): type …\n"
      ),
    ]
    for (script, error) in cases {
      let result = try await BraidDemoProcessTests.run(["app", "--database", database, "--script", "-"], input: script)
      #expect(result.status == 1)
      #expect(result.error == error)
      #expect(!result.error.contains("hunter2"))
      // Every screen is closed before the command ends.
      #expect(result.output.contains("  Quit: every screen closed."))
    }
  }

  @Test func poppingAScreenClosesWhatItOpened() async throws {
    let database = try Self.temporaryDatabase()
    let folder = (database as NSString).deletingLastPathComponent
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let log = (folder as NSString).appendingPathComponent("track.nmea")
    try FileManager.default.copyItem(atPath: Self.fixture("nmea-rtk.log"), toPath: log)
    let app = try RunningProcess(
      BraidDemoProcessTests.executable, ["app", "--database", database, "--nmea", log, "--script", "-"])
    let homeKeys = "  keys: push counter|signup|location|users  quit  wait DURATION  show"
    app.write("show\n")
    #expect(await app.waitForLine { $0 == homeKeys })
    // The first push of each screen makes what the process keeps for good (Dispatch's timer
    // descriptor for the first timed wait): one round first, then count.
    app.write("push location\ntrack\npop\npush users\npop\nshow\n")
    #expect(await app.waitForLine { $0 == homeKeys })
    let pid = app.processIdentifier
    let before = await Self.settledDescriptors(of: pid)

    app.write("push location\ntrack\nwait 1s\nshow\n")
    #expect(await app.waitForLine { $0.hasPrefix("  Receiver   open, ") })
    #expect(Self.descriptors(of: pid).filter { $0 == log }.count == 1)
    app.write("pop\nshow\n")
    #expect(await app.waitForLine { $0 == homeKeys })
    let afterLocation = await Self.settledDescriptors(of: pid)
    #expect(afterLocation == before, "left open: \(afterLocation) against \(before)")

    app.write("push users\nshow\n")
    #expect(await app.waitForLine { $0.hasPrefix("  0 user(s)") })
    let watching = Self.descriptors(of: pid)
    #expect(watching.contains("anon_inode:inotify"), "\(watching)")
    app.write("pop\nshow\n")
    #expect(await app.waitForLine { $0 == homeKeys })
    let afterUsers = await Self.settledDescriptors(of: pid)
    #expect(afterUsers == before, "left open: \(afterUsers) against \(before)")
    #expect(await app.finish() == 0)
  }

  /// A database path in a new folder of its own.
  static func temporaryDatabase() throws -> String {
    let database = BraidDemoProcessTests.temporaryDatabase()
    try FileManager.default.createDirectory(
      atPath: (database as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    return database
  }

  /// Process `pid`'s descriptors once no file watcher is open and they have stayed the same
  /// for ten looks in a row: a live client's reader thread closes its descriptors a moment
  /// after the client's effect has ended (the users observer's inotify descriptor, then its
  /// wake-up pipe), so a count taken at once could catch it halfway.
  static func settledDescriptors(of pid: Int32) async -> [String] {
    var last: [String]?
    var sameLooks = 0
    var settled: [String] = []
    let done = await eventually {
      let now = descriptors(of: pid).sorted()
      sameLooks = now == last ? sameLooks + 1 : 0
      last = now
      settled = now
      return !now.contains("anon_inode:inotify") && sameLooks >= 10
    }
    #expect(done, "the descriptors never settled: \(settled)")
    return settled
  }

  /// What each of process `pid`'s open descriptors points at.
  static func descriptors(of pid: Int32) -> [String] {
    let folder = "/proc/\(pid)/fd"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return entries.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0) }
  }

  static func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("BraidLocationTests/Fixtures/\(name)").path
  }
}
