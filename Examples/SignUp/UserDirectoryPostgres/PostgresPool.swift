import Dispatch
import Synchronization
import UsersDatabase

/// At most `size` connections to one server, opened when needed and shared by the directory's
/// callers one at a time.
///
/// A caller finding every connection busy waits, without a thread, until one is returned. A
/// connection that broke is closed instead of returned, so the next caller opens a fresh one:
/// that is how the directory reconnects after the server restarts. libpq blocks its thread, so
/// statements run on a queue of the pool's own, never on the cooperative pool; at most `size`
/// of its threads are in libpq at once. The idle connections close when the pool is released.
final class PostgresPool: Sendable {
  private struct State {
    var idle: [PostgresConnection] = []
    var open = 0
    /// Callers waiting for a connection: resumed with one, or with `nil` when they may open
    /// their own (a broken one was closed).
    var waiting: [CheckedContinuation<PostgresConnection?, Never>] = []
    var isPrepared = false
  }

  private let url: String
  private let size: Int
  private let statementTimeout: Duration
  private let prepare: @Sendable (PostgresConnection) throws(PostgresError) -> Void
  private let state = Mutex(State())
  private let queue = DispatchQueue(label: "braid.user-directory.postgres", attributes: .concurrent)

  /// - Parameter prepare: Runs on the first connection that works (the schema), and again on
  ///   a later one until it succeeds once.
  init(
    url: String, size: Int, statementTimeout: Duration,
    prepare: @escaping @Sendable (PostgresConnection) throws(PostgresError) -> Void
  ) {
    self.url = url
    self.size = max(1, size)
    self.statementTimeout = statementTimeout
    self.prepare = prepare
  }

  /// Runs `body` with a connection of its own, opening one if none is idle and the pool is not
  /// full, and gives the connection back (or closes it, broken) afterwards.
  func withConnection<R: Sendable>(
    _ body: @escaping @Sendable (PostgresConnection) throws(PostgresError) -> R
  ) async throws(PostgresError) -> R {
    let reused = await take()
    let result: Result<R, PostgresError>
    do {
      result = try await queue.perform { () -> Result<R, PostgresError> in
        let connection: PostgresConnection
        if let reused {
          connection = reused
        } else {
          do throws(PostgresError) {
            connection = try PostgresConnection(url: self.url, statementTimeout: self.statementTimeout)
          } catch {
            self.give(nil)
            return .failure(error)
          }
        }
        let outcome = Result { () throws(PostgresError) -> R in
          try self.prepareOnce(connection)
          return try body(connection)
        }
        self.give(connection.isBroken ? nil : connection)
        return outcome
      }
    } catch {
      result = .failure(.connectionFailed("\(error)"))
    }
    return try result.get()
  }

  /// An idle connection, or `nil` when the caller may open one; waits while the pool is full.
  private func take() async -> PostgresConnection? {
    enum Taken {
      case connection(PostgresConnection)
      case mayOpen
      case wait
    }
    let taken = state.withLock { state -> Taken in
      if let connection = state.idle.popLast() { return .connection(connection) }
      guard state.open < size else { return .wait }
      state.open += 1
      return .mayOpen
    }
    switch taken {
    case .connection(let connection): return connection
    case .mayOpen: return nil
    case .wait:
      return await withCheckedContinuation { continuation in
        // The slot may have been freed between the two locks: hand it over at once then.
        let handOver = state.withLock { state -> PostgresConnection?? in
          if let connection = state.idle.popLast() { return .some(connection) }
          if state.open < size {
            state.open += 1
            return .some(nil)
          }
          state.waiting.append(continuation)
          return .none
        }
        if let handOver { continuation.resume(returning: handOver) }
      }
    }
  }

  /// Returns a connection, or its slot (`nil`: it broke or never opened), to the next waiter
  /// or to the idle ones.
  private func give(_ connection: PostgresConnection?) {
    let waiter = state.withLock { state -> CheckedContinuation<PostgresConnection?, Never>? in
      guard !state.waiting.isEmpty else {
        if let connection { state.idle.append(connection) } else { state.open -= 1 }
        return nil
      }
      return state.waiting.removeFirst()
    }
    waiter?.resume(returning: connection)
  }

  private func prepareOnce(_ connection: PostgresConnection) throws(PostgresError) {
    guard !state.withLock({ $0.isPrepared }) else { return }
    try prepare(connection)
    state.withLock { $0.isPrepared = true }
  }
}
