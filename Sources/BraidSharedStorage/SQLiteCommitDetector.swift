import BraidSQLite
import Foundation
import Synchronization

/// Tells whether a database has had a commit since it last asked: one connection's
/// `PRAGMA data_version`, opened when the database first exists and closed by ``close()``.
final class SQLiteCommitDetector: Sendable {
  private struct State {
    var connection: SQLiteDatabase?
    var version: Int64?
    var isClosed = false
  }

  private let database: String
  private let state = Mutex(State())

  init(database: String) {
    self.database = database
  }

  /// Whether a connection committed since the last call; `true` too when that cannot be told
  /// (the connection could not be opened or read), so that a change is never missed.
  func hasCommitted() -> Bool {
    state.withLock { state in
      guard !state.isClosed else { return false }
      do {
        if state.connection == nil {
          guard FileManager.default.fileExists(atPath: database) else { return true }
          state.connection = try SQLiteDatabase(path: database, access: .readWrite)
        }
        guard let connection = state.connection else { return true }
        let version = try connection.dataVersion()
        defer { state.version = version }
        return state.version != version
      } catch {
        state.connection?.close()
        state.connection = nil
        state.version = nil
        return true
      }
    }
  }

  /// Closes the connection; later calls answer `false`.
  func close() {
    state.withLock { state in
      state.isClosed = true
      state.connection?.close()
      state.connection = nil
    }
  }
}
