import AppFeature
import Braid
import BraidFetchedResultsLive
import BraidLocation
import BraidLocationLive
import BraidSQLite
import BraidTestSupport
import Foundation
import Testing
import UsersListFeature

/// Popping a screen releases what it held open, measured as the process's descriptors on the
/// screen's own file: the location log the tracker reads, the database the users list watches.
/// The files have names of their own, so tests running beside these cannot move the counts.
@MainActor
struct ScreenTeardownTests {
  @Test func poppingTheLocationScreenClosesItsLog() async throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let log = folder + "/nmea-rtk.log"
    try FileManager.default.copyItem(atPath: Self.fixture("nmea-rtk.log"), toPath: log)
    let clock = TestClock()
    let store = Store(initialState: DemoApp.State()) {
      DemoApp()
    } withDependencies: {
      $0.locationClient = .live(source: .nmeaFile(path: log, speed: 1, loop: true), clock: clock)
    }
    #expect(openDescriptors(on: log) == 0)
    let push = store.send(.pushTapped(.location))
    // The tracker's manager is made as the screen mounts: start once it answered.
    let mounted = await store.until {
      guard case .location(let tracker)? = $0.path.last else { return false }
      return tracker.authorization != .notDetermined
    }
    #expect(mounted)
    store.send(.path(.element(id: 0, action: .location(.toggleTrackingTapped))))
    let reading = await store.until {
      guard case .location(let tracker)? = $0.path.last else { return false }
      return tracker.fixCount > 0
    }
    #expect(reading)
    #expect(openDescriptors(on: log) == 1)

    await store.send(.popTapped).finish()
    #expect(await Self.finishes(push), "the screen's work outlived its pop")
    #expect(store.state.path.isEmpty)
    #expect(openDescriptors(on: log) == 0)
  }

  @Test func poppingTheUsersScreenClosesItsDatabase() async throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let database = folder + "/users.sqlite"
    let setup = try SQLiteDatabase(path: database)
    try setup.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT, email TEXT)")
    setup.close()
    let store = Store(initialState: DemoApp.State()) {
      DemoApp()
    } withDependencies: {
      $0.usersObserver = .live(path: database)
    }
    #expect(openDescriptors(on: database) == 0)
    let push = store.send(.pushTapped(.users))
    let loaded = await store.until {
      guard case .users(let users)? = $0.path.last else { return false }
      return users.isLoaded
    }
    #expect(loaded)
    #expect(openDescriptors(on: database) >= 1)

    await store.send(.popTapped).finish()
    #expect(await Self.finishes(push), "the screen's work outlived its pop")
    // The observer closes its connection as its loop ends, a moment after its effect has.
    let closed = await eventually { openDescriptors(on: database) == 0 }
    #expect(closed)
  }

  /// Whether `task` finishes within 20 s of real time: a teardown that never ends fails the
  /// test instead of hanging it.
  static func finishes(_ task: StoreTask) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await task.finish()
        return true
      }
      group.addTask { (try? await ContinuousClock().sleep(for: .seconds(20))) == nil }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
  }

  static func temporaryFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-app-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// A log of the location tests' fixtures.
  static func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("BraidLocationTests/Fixtures/\(name)").path
  }
}
