import Braid
import BraidFetchedResults
import BraidFetchedResultsLive
import Foundation

/// Workload 10: commit-to-action latency of the live fetched-results observer, with the commits
/// made by another process (the `sqlite3` shell), in WAL and rollback-journal mode.
///
/// For each of 1,000 single-row commits: the time from writing `INSERT …; SELECT n;` to the
/// shell's standard input until the store reduces the `didChangeContent` whose snapshot holds
/// row n. Floor: the time until the shell's own answer (`n`, printed after its commit) is read
/// back through the pipe — the soonest another process could tell us of its commit. The rows
/// show median (min–max) per commit; the notes add the 99th percentiles.
@MainActor
func fetchedResultsLatencyRows(_ config: Config) async -> [Row] {
  guard let shell = ShellProcess.sqlite3 else {
    return [
      Row(
        workload: "fetched-results", name: "commit-to-action latency", operations: 0,
        note: "not measured: the sqlite3 shell is not installed (apt-get install sqlite3)")
    ]
  }
  let commits = config.quick ? 50 : 1_000
  var rows: [Row] = []
  for journal in ["WAL", "DELETE"] {
    do {
      let (latencies, floors) = try await measureCommitLatency(shell: shell, journal: journal, commits: commits)
      rows.append(
        Row(
          workload: "fetched-results",
          name: "commit-to-action latency, another process, \(journal) (per commit)",
          operations: commits, braid: Stats(samples: latencies), floor: Stats(samples: floors),
          note:
            "p99 \(milliseconds(percentile(99, of: latencies))) (floor p99 \(milliseconds(percentile(99, of: floors)))) over \(commits) commits"
        ))
    } catch {
      rows.append(
        Row(
          workload: "fetched-results", name: "commit-to-action latency, \(journal)", operations: 0,
          note: "not measured: \(error)"))
    }
  }
  return rows
}

/// One run: a fresh database, an observer in a store, `commits` commits from the shell.
@MainActor
private func measureCommitLatency(
  shell executable: String, journal: String, commits: Int
) async throws -> (latencies: [Double], floors: [Double]) {
  let directory = NSTemporaryDirectory() + "braid-bench-latency-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let path = directory + "/latency.sqlite"

  let shell = try ShellProcess(executable: executable, arguments: ["-batch", path])
  defer { shell.finish() }
  shell.send(
    ".timeout 5000\nPRAGMA journal_mode=\(journal);\nCREATE TABLE t (id INTEGER PRIMARY KEY);\nSELECT 'ready';")
  while let line = await shell.nextLine(), line != "ready" {}

  let probe = LatencyProbe()
  let store = Store(initialState: LatencyFeature.State()) {
    LatencyFeature(client: .live(path: path), probe: probe)
  }
  store.send(.start)
  defer { store.send(.stop) }
  try await probe.wait(forCount: 0)

  let clock = ContinuousClock()
  var latencies: [Double] = []
  var floors: [Double] = []
  latencies.reserveCapacity(commits)
  floors.reserveCapacity(commits)
  for id in 1...commits {
    let start = clock.now
    shell.send("INSERT INTO t (id) VALUES (\(id)); SELECT \(id);")
    let answer = Task.detached { () -> (String?, ContinuousClock.Instant) in
      let line = shell.readLine()
      return (line, ContinuousClock().now)
    }
    let reduced = try await probe.wait(forCount: id)
    let (line, answered) = await answer.value
    guard line == "\(id)" else { throw LatencyError.shell(line ?? "end of output") }
    latencies.append(nanoseconds(reduced - start))
    floors.append(nanoseconds(answered - start))
  }
  return (latencies, floors)
}

private enum LatencyError: Error, CustomStringConvertible {
  case shell(String)
  case observer(FetchedResultsError)
  case timeout(rows: Int)

  var description: String {
    switch self {
    case .shell(let line): "the sqlite3 shell answered \(line)"
    case .observer(let error): "the observer failed: \(error)"
    case .timeout(let rows): "no snapshot of \(rows) rows within 10 s"
    }
  }
}

/// A row of the latency table.
private struct Entry: Identifiable, Equatable, Sendable {
  let id: Int64
}

/// Observes the table and stamps each snapshot's arrival in the reducer (its store is on the
/// main actor).
private struct LatencyFeature: Reducer {
  struct State {}

  enum Action: Sendable {
    case start
    case stop
    case event(FetchedResultsEvent<Entry>)
  }

  struct ObserverID: Hashable, Sendable {}

  let client: FetchedResultsClient<Entry>
  let probe: LatencyProbe

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      let request = FetchRequest<Entry>(sql: "SELECT id FROM t ORDER BY id") { row in
        Entry(id: try row.integer("id"))
      }
      return client.create(ObserverID(), request).map(Action.event)
    case .stop:
      return client.destroy(ObserverID()).fireAndForget()
    case .event(.initial(let snapshot)), .event(.didChangeContent(let snapshot, _)):
      let now = ContinuousClock().now
      MainActor.assumeIsolated { probe.arrived(count: snapshot.count, at: now) }
      return .none
    case .event(.failed(let error)):
      MainActor.assumeIsolated { probe.failed(error) }
      return .none
    }
  }
}

/// Where the reducer stamps arrivals and the run waits for them.
@MainActor
private final class LatencyProbe: Sendable {
  private typealias Waiter = CheckedContinuation<ContinuousClock.Instant, any Error>
  private var latest: (count: Int, at: ContinuousClock.Instant)?
  private var waiter: (count: Int, generation: Int, continuation: Waiter)?
  private var generation = 0

  nonisolated init() {}

  func arrived(count: Int, at instant: ContinuousClock.Instant) {
    latest = (count, instant)
    if let waiter, count >= waiter.count {
      self.waiter = nil
      waiter.continuation.resume(returning: instant)
    }
  }

  func failed(_ error: FetchedResultsError) {
    if let waiter {
      self.waiter = nil
      waiter.continuation.resume(throwing: LatencyError.observer(error))
    }
  }

  /// The instant the first snapshot of at least `count` rows was reduced; fails on an observer
  /// error or after 10 s (the observer's backstop is 1 s, so a wait that long is a fault).
  @discardableResult
  func wait(forCount count: Int) async throws -> ContinuousClock.Instant {
    if let latest, latest.count >= count { return latest.at }
    generation += 1
    let generation = generation
    let timeout = Task {
      try await Task.sleep(for: .seconds(10))
      self.expire(generation: generation)
    }
    defer { timeout.cancel() }
    return try await withCheckedThrowingContinuation { waiter = (count, generation, $0) }
  }

  private func expire(generation: Int) {
    if let waiter, waiter.generation == generation {
      self.waiter = nil
      waiter.continuation.resume(throwing: LatencyError.timeout(rows: waiter.count))
    }
  }
}

/// A child process with piped standard input and output, read line by line.
private final class ShellProcess: Sendable {
  /// The installed `sqlite3` shell, if any.
  static let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  private let process: Process
  private let input = Pipe()
  private let output = Pipe()

  init(executable: String, arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    try process.run()
    self.process = process
  }

  func send(_ commands: String) {
    input.fileHandleForWriting.write(Data((commands + "\n").utf8))
  }

  /// Blocks until the process prints a line; `nil` at the end of its output.
  func readLine() -> String? {
    let descriptor = output.fileHandleForReading.fileDescriptor
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while read(descriptor, &byte, 1) == 1 {
      if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(byte)
    }
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }

  /// ``readLine()`` off the caller's thread.
  func nextLine() async -> String? {
    await Task.detached { self.readLine() }.value
  }

  func finish() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}

private func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// The `p`th percentile (nearest rank) of `samples`.
private func percentile(_ p: Int, of samples: [Double]) -> Double {
  let sorted = samples.sorted()
  guard !sorted.isEmpty else { return 0 }
  let rank = Int((Double(p) / 100 * Double(sorted.count)).rounded(.up))
  return sorted[max(0, min(sorted.count - 1, rank - 1))]
}

private func milliseconds(_ nanoseconds: Double) -> String {
  String(format: "%.2f ms", nanoseconds / 1e6)
}
