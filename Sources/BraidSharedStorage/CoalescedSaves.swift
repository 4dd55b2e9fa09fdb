import Braid
import Foundation

/// One persisted value's saves: the first mutation's value is written at once, and later ones
/// at most once per ``window`` on the clock, each write holding the newest value; `flush` writes
/// what is waiting and returns once it is durable.
final class CoalescedSaves: Sendable {
  private struct State {
    /// The newest value not yet written, encoded only when it is: a mutation costs no encoding.
    var pending: (@Sendable () throws -> Data)?
    /// Whether a window is running: saves now wait for its end.
    var isWindowOpen = false
    /// Whether the stored content did not decode: it is moved aside before the first write.
    var isUndecodable = false
    /// What this process wrote or read last, newest last: a change notice whose content is one
    /// of these is this process's own.
    var known: [Data] = []
    /// The error of the last write, until a write succeeds.
    var lastError: (any Error)?
    /// The issue handler of the code that asked for the newest save: a write's problems are
    /// reported to it, though the write runs on another thread.
    var reportsTo: (@Sendable (IssueReporting.Issue) -> Void)?
  }

  /// The shortest time between two writes after the first.
  static let window = Duration.milliseconds(250)

  let target: SaveTarget
  private let state = SanitizerVisibleMutex(State())
  /// Writes run here, one at a time, in the order they were asked for: blocking file and
  /// database work stays off the cooperative pool.
  private let queue = DispatchQueue(label: "braid.shared.saves")

  init(target: SaveTarget) {
    self.target = target
  }

  /// Saves what `encode` returns: at once when no window runs, else at the window's end. Only
  /// the newest value waiting is encoded, on the saves' queue.
  func save(_ encode: @escaping @Sendable () throws -> Data) {
    let handler = IssueReporting.installedHandler
    let opensWindow = state.withLock { state -> Bool in
      state.pending = encode
      state.reportsTo = handler
      guard !state.isWindowOpen else { return false }
      state.isWindowOpen = true
      return true
    }
    guard opensWindow else { return }
    writePending()
    Task { [self] in await runWindows() }
  }

  /// Writes what is waiting and returns once it is durable.
  ///
  /// - Throws: The error of the last write, when it failed.
  func flush() async throws {
    let handler = IssueReporting.installedHandler
    state.withLock { $0.reportsTo = handler ?? $0.reportsTo }
    writePending()
    await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    if let error = state.withLock({ $0.lastError }) { throw error }
  }

  /// Records content read from the file: a later notice of the same content is no change.
  func remember(_ data: Data) {
    state.withLock { Self.remember(data, in: &$0) }
  }

  /// Whether `data` is content this process wrote or read last.
  func isKnown(_ data: Data) -> Bool {
    state.withLock { $0.known.contains(data) }
  }

  /// Marks the stored content as undecodable: the first write moves it aside.
  func markUndecodable() {
    state.withLock { $0.isUndecodable = true }
  }

  /// Ends windows while saves keep coming, writing at the end of each.
  private func runWindows() async {
    while true {
      try? await target.clock.sleep(for: Self.window)
      let more = state.withLock { state -> Bool in
        guard state.pending != nil else {
          state.isWindowOpen = false
          return false
        }
        return true
      }
      guard more else { return }
      writePending()
    }
  }

  /// Writes the newest waiting value, if any, on the queue.
  private func writePending() {
    queue.async { [self] in
      let work = state.withLock {
        state -> (encode: @Sendable () throws -> Data, reportsTo: ((@Sendable (IssueReporting.Issue) -> Void)?))? in
        guard let encode = state.pending else { return nil }
        state.pending = nil
        return (encode, state.reportsTo)
      }
      guard let work else { return }
      let report = { (message: String) in
        guard let handler = work.reportsTo else { return reportIssue(message) }
        IssueReporting.withIssueHandler(handler) { reportIssue(message) }
      }
      let data: Data
      do {
        data = try work.encode()
      } catch {
        state.withLock { $0.lastError = error }
        return report("The shared value of \(target.name) was not saved: it does not encode: \(error)")
      }
      // Remembered before it is written, so the change notice of this write is known as ours.
      let movesAside = state.withLock { state -> Bool in
        Self.remember(data, in: &state)
        return state.isUndecodable
      }
      do {
        if movesAside {
          try target.moveAside()
          state.withLock { $0.isUndecodable = false }
          report("\(target.name) did not decode: it was moved to \(target.asideName) before the first save")
        }
        try target.save(data)
        state.withLock { $0.lastError = nil }
      } catch {
        state.withLock { $0.lastError = error }
        report("The shared value was not saved: \(error)")
      }
    }
  }

  private static func remember(_ data: Data, in state: inout State) {
    state.known.append(data)
    if state.known.count > 4 { state.known.removeFirst() }
  }
}
