import Braid
import BraidSharedStorage
import Foundation
import Synchronization
import Workloads

/// The sharing workload: reading a `@Shared` value and mutating it in memory, against a
/// `Mutex`-guarded value in a final class; and how many file writes a burst of `.fileStorage`
/// mutations causes.
@MainActor
func sharingRows(_ config: Config) async -> [Row] {
  let operations = config.operations(10_000_000)
  var rows = [
    Row(
      workload: "sharing", name: "@Shared read, in memory", operations: operations,
      braid: measure(config, operations: operations, sharedReads),
      floor: measure(config, operations: operations, mutexReads),
      note: "floor: a Mutex-guarded Int in a final class",
      target: Target(.overFloor, limit: 3, "≤ 3× floor")),
    Row(
      workload: "sharing", name: "@Shared withLock, in memory", operations: operations,
      braid: measure(config, operations: operations, sharedWrites),
      floor: measure(config, operations: operations, mutexWrites),
      note: "floor: Mutex.withLock on an Int in a final class",
      target: Target(.nanoseconds, limit: 150, "≤ 150 ns")),
  ]
  rows.append(await fileSaveRow(config))
  return rows
}

/// 10,000 mutations of a `.fileStorage` value spread over one second, on the real file system:
/// the time of a mutation, and how many writes the burst caused.
@MainActor
private func fileSaveRow(_ config: Config) async -> Row {
  let mutations = 10_000
  let writes = Mutex(0)
  var counting = FileStorage.fileSystem
  counting.save = { data, path in
    writes.withLock { $0 += 1 }
    try FileStorage.fileSystem.save(data, path)
  }
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-bench-\(UUID())").path
  defer { try? FileManager.default.removeItem(atPath: folder) }
  var mostWrites = 0
  var run = 0
  let stats = await measureAsync(config, operations: mutations) { [counting] n in
    run += 1
    writes.withLock { $0 = 0 }
    let shared = withDependencies {
      $0.defaultFileStorage = counting
    } operation: {
      Shared(wrappedValue: 0, .fileStorage("\(folder)/count-\(run).json"))
    }
    let clock = ContinuousClock()
    var elapsed = Duration.zero
    // 100 bursts of n / 100 mutations, one every 10 ms from the start: n mutations in a second.
    let start = clock.now
    for burst in 0..<100 {
      try? await clock.sleep(until: start.advanced(by: .milliseconds(10 * burst)))
      let burstStart = clock.now
      for _ in 0..<(n / 100) { shared.withLock { $0 += 1 } }
      elapsed += clock.now - burstStart
    }
    // The writes of the second itself; the save that follows writes the newest value once more.
    mostWrites = max(mostWrites, writes.withLock { $0 })
    try? await shared.save()
    precondition(shared.wrappedValue == n / 100 * 100)
    return elapsed
  }
  return Row(
    workload: "sharing", name: "@Shared(.fileStorage) withLock, 10,000 over 1 s", operations: mutations, braid: stats,
    note:
      "at most \(mostWrites) file writes during the second (≤ 5 wanted: the first at once, then one per 250 ms); the save() after it writes what is left"
  )
}
