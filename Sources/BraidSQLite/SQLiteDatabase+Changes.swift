import CSQLite

extension SQLiteDatabase {
  /// `PRAGMA data_version`: a number that changes whenever another connection (of this process
  /// or any other) commits to the database, and only then. An observer reads it to tell whether
  /// fetching again could show anything new.
  ///
  /// - Returns: The version.
  /// - Throws: ``SQLiteError``: ``SQLiteError/Kind/busy`` while another connection holds a
  ///   lock longer than the busy timeout.
  public func dataVersion() throws -> Int64 {
    guard case .integer(let version)? = try read("PRAGMA data_version").rows.first?.first else {
      throw SQLiteError(kind: .misuse, message: "PRAGMA data_version returned no number")
    }
    return version
  }

  /// Checkpoints the write-ahead log into the database file and truncates the log to nothing.
  /// Does nothing in rollback-journal mode.
  ///
  /// A connection to a database file that was moved or deleted must do this before it closes:
  /// SQLite does not checkpoint a moved file when its last connection closes, and a log left at
  /// the path would be read as the log of whatever file is put there.
  ///
  /// - Throws: ``SQLiteError``: ``SQLiteError/Kind/busy`` while another connection still reads
  ///   the log, so it cannot be emptied yet.
  public func checkpointTruncatingLog() throws {
    try withHandle { handle in
      var logFrames: Int32 = 0
      var checkpointed: Int32 = 0
      let status = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, &logFrames, &checkpointed)
      guard status == SQLITE_OK else { throw SQLiteStatement.error(on: handle) }
    }
  }
}
