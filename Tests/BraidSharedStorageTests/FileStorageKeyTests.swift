import Braid
import BraidSharedStorage
import BraidTestSupport
import Foundation
import Synchronization
import Testing

/// `.fileStorage` on the real file system: atomic, durable, coalesced saves, changes from other
/// writers, and an undecodable file kept aside; and in tests, a file system in memory by default.
struct FileStorageKeyTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-shared-\(UUID())").path

  @Test func testsUseAFileSystemInMemoryByDefault() async throws {
    let path = folder + "/count.json"
    try await withDependencies {
      $0.date = .constant(.distantPast)
    } operation: {
      @Shared(.fileStorage(path)) var count = 0
      $count.withLock { $0 = 7 }
      try await $count.save()
      #expect(!FileManager.default.fileExists(atPath: folder), "a test wrote into the real file system")
      @Shared(.fileStorage(path)) var again = 0
      #expect(again == 7)
    }
  }

  @Test func aSaveIsAJSONFileOnlyItsOwnerReads() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/nested/count.json"
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(path)) var count = 0
      $count.withLock { $0 = 42 }
      try await $count.save()
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "42")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folderAttributes = try FileManager.default.attributesOfItem(atPath: folder + "/nested")
    #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
    // No temporary file is left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/nested") == ["count.json"])
    // A new process (a fresh registry) loads what was saved.
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(path)) var count = 0
      #expect(count == 42)
    }
  }

  @Test func savesAreCoalescedToOneWritePerWindow() async throws {
    let clock = TestClock()
    let writes = Mutex(0)
    let memory = FileStorage.inMemory(clock: clock)
    var counting = memory
    counting.save = { data, path in
      writes.withLock { $0 += 1 }
      try memory.save(data, path)
    }
    try await withDependencies { [counting] in
      $0.defaultFileStorage = counting
    } operation: {
      @Shared(.fileStorage("/data/count.json")) var count = 0
      // 10,000 mutations over one second: the first written at once, then one write per 250 ms.
      for _ in 0..<4 {
        for _ in 0..<2_500 { $count.withLock { $0 += 1 } }
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .milliseconds(250))
      }
      try await $count.save()
      #expect(writes.withLock { $0 } <= 5)
      #expect(writes.withLock { $0 } >= 2)
      #expect(try memory.load("/data/count.json") == Data("10000".utf8))
    }
  }

  @Test func aChangeWrittenByAnotherProcessReachesEveryHolder() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/count.json"
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(path)) var count = 0
      $count.withLock { $0 = 1 }
      try await $count.save()
      let changes = $count.changes
      // Another writer replaces the file by renaming a new one over it, as an editor or a
      // second `braid-demo` does.
      let other = folder + "/other.json"
      try Data("5".utf8).write(to: URL(fileURLWithPath: other))
      #expect(rename(other, path) == 0)
      let next = await withTimeout { await changes.first { _ in true } }
      #expect(next == 5)
      #expect(count == 5)
    }
  }

  @Test func anUndecodableFileIsReportedKeptAsideAndReplaced() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/count.json"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
    let issues = Mutex<[String]>([])
    let record: @Sendable (IssueReporting.Issue) -> Void = { issue in issues.withLock { $0.append(issue.message) } }
    try await IssueReporting.withIssueHandler(record) {
      try await withDependencies {
        $0.defaultFileStorage = .fileSystem
      } operation: {
        @Shared(.fileStorage(path)) var count = 3
        #expect(count == 3)
        $count.withLock { $0 += 1 }
        try await $count.save()
      }
    }
    let messages = issues.withLock { $0 }
    #expect(messages.count == 2, "\(messages)")
    #expect(messages.first?.contains("does not decode as Int") == true)
    #expect(messages.last == "\(path) did not decode: it was moved to \(path).undecodable before the first save")
    #expect(try String(contentsOfFile: path + ".undecodable", encoding: .utf8) == "not json")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "4")
  }

  @Test func aValueThatDoesNotEncodeIsReportedAndThrownBySave() async throws {
    let issues = Mutex<[String]>([])
    let record: @Sendable (IssueReporting.Issue) -> Void = { issue in issues.withLock { $0.append(issue.message) } }
    await IssueReporting.withIssueHandler(record) {
      await withDependencies {
        $0.date = .constant(.distantPast)
      } operation: {
        @Shared(.fileStorage("/data/ratio.json")) var ratio = 0.5
        // JSON has no infinity: the value is encoded when it is written, and fails then.
        $ratio.withLock { $0 = .infinity }
        await #expect(throws: EncodingError.self) { try await $ratio.save() }
        #expect(ratio == .infinity)
      }
    }
    let messages = issues.withLock { $0 }
    #expect(messages.count == 1, "\(messages)")
    #expect(
      messages.first?.hasPrefix("The shared value of /data/ratio.json was not saved: it does not encode:") == true)
  }

  @Test func loadingRemovesWhatAKilledWriterLeftBehind() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // A process that has ended: its temporary file is garbage. This process's may be in use.
    let ended = try await onOwnThread { () throws -> Int32 in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/true")
      try process.run()
      process.waitUntilExit()
      return process.processIdentifier
    }
    let gone = folder + "/.count.json.\(ended).1.tmp"
    let mine = folder + "/.count.json.\(getpid()).2.tmp"
    for path in [gone, mine] { try Data("1".utf8).write(to: URL(fileURLWithPath: path)) }
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(folder + "/count.json")) var count = 0
      #expect(count == 0)
    }
    #expect(!FileManager.default.fileExists(atPath: gone))
    #expect(FileManager.default.fileExists(atPath: mine))
  }

  struct Settings: Codable, Equatable, Sendable {
    var count: Int
    var name = "default"
  }

  @Test func aCustomDecodeMigratesAnOlderFormat() async throws {
    let memory = FileStorage.inMemory()
    try memory.save(Data("12".utf8), "/data/settings.json")
    withDependencies {
      $0.defaultFileStorage = memory
    } operation: {
      @Shared(
        .fileStorage("/data/settings.json") { @Sendable data in
          // Version 1 stored the count alone.
          if let count = try? JSONDecoder().decode(Int.self, from: data) { return Settings(count: count) }
          return try JSONDecoder().decode(Settings.self, from: data)
        }) var settings = Settings(count: 0)
      #expect(settings == Settings(count: 12))
    }
  }

  @Test func aSaveThatFailsThrowsAndIsReported() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // A file where the folder should be: the folder cannot be made.
    try Data().write(to: URL(fileURLWithPath: folder + "/blocked"))
    let path = folder + "/blocked/count.json"
    let issues = Mutex<[String]>([])
    let record: @Sendable (IssueReporting.Issue) -> Void = { issue in issues.withLock { $0.append(issue.message) } }
    await IssueReporting.withIssueHandler(record) {
      await withDependencies {
        $0.defaultFileStorage = .fileSystem
      } operation: {
        @Shared(.fileStorage(path)) var count = 0
        $count.withLock { $0 = 1 }
        await #expect(throws: FileStorageError.self) { try await $count.save() }
      }
    }
    #expect(
      issues.withLock { $0 }.contains { $0.hasPrefix("The shared value was not saved: cannot create the folder") })
  }
}

/// `body`'s result, or `nil` when 20 s of real time pass first: a file notification comes from
/// the kernel, with no event a test clock could stand for.
func withTimeout<T: Sendable>(_ body: @escaping @Sendable () async -> T?) async -> T? {
  await withTaskGroup(of: T?.self) { group in
    group.addTask { await body() }
    group.addTask {
      try? await ContinuousClock().sleep(for: .seconds(20))
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first
  }
}
