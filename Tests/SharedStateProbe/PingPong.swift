import Braid
import Foundation
import Synchronization

/// The value two probes hand back and forth: which hop it is, and when its writer changed it
/// (`CLOCK_MONOTONIC`, which every process of the machine shares).
struct Ping: Codable, Sendable {
  var hop: Int
  var sentAt: UInt64
}

/// Nanoseconds on the machine's monotonic clock.
func monotonicNow() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Hands the value at `place` back and forth with the other probe until hop `hops`.
///
/// The second probe writes hop 0 when it is ready; the first answers each even hop, the second
/// each odd one, each printing `latency_us N` for the hops it receives. A probe that sees no
/// progress for 10 seconds fails: a change that never arrives is an error, not a hang.
func pingPong(isFirst: Bool, hops: Int, in place: ProbePlace) async -> Never {
  let ping = place.shared(Ping(hop: -1, sentAt: 0))
  let changes = ping.changes
  let answers = isFirst ? 0 : 1
  /// The last hop this probe answered, which the watchdog reads.
  final class Progress: Sendable { let answered = Mutex(-1) }
  let progress = Progress()
  func send(_ hop: Int) async {
    ping.withLock { $0 = Ping(hop: hop, sentAt: monotonicNow()) }
    do { try await ping.save() } catch { fail("\(error)", status: 1) }
  }
  /// Answers the value the key holds now, if it is this probe's turn; whether the game is over.
  func answer() async -> Bool {
    let now = ping.wrappedValue
    let answered = progress.answered.withLock { $0 }
    guard now.hop >= 0, now.hop % 2 == answers, now.hop > answered else { return now.hop >= hops }
    progress.answered.withLock { $0 = now.hop }
    if now.hop > 0 {
      let microseconds = (monotonicNow() &- now.sentAt) / 1_000
      FileHandle.standardOutput.write(Data("latency_us \(microseconds)\n".utf8))
    }
    guard now.hop < hops else { return true }
    await send(now.hop + 1)
    return now.hop + 1 >= hops
  }
  let watchdog = Task {
    while !Task.isCancelled {
      let seen = progress.answered.withLock { $0 }
      try? await Task.sleep(for: .seconds(10))
      if !Task.isCancelled, seen == progress.answered.withLock({ $0 }) {
        fail("no change from the other probe in 10 s", status: 1)
      }
    }
  }
  if !isFirst { await send(0) }
  if await answer() { exit(0) }
  for await _ in changes where await answer() {
    watchdog.cancel()
    exit(0)
  }
  fail("the changes ended", status: 1)
}
