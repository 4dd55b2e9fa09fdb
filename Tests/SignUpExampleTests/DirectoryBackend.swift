import BraidSQLite
import BraidTestSupport
import Foundation
import Testing
import UserDirectoryClient
import UserDirectoryLive
import UserDirectoryPostgres

/// The stores a live directory can keep its users in, for the tests every directory must pass.
enum DirectoryBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite
  case postgres

  var testDescription: String { rawValue }

  /// The backends to test: PostgreSQL when its server is installed, and always under `CI=true`
  /// (where a missing server fails the tests; ``PostgresDirectoryTests`` says how to install it).
  static let tested: [DirectoryBackend] =
    PostgresCluster.isInstalled || RealPeer.isRequired() ? allCases : [.sqlite]

  /// One store of users, empty at first, for the length of a test.
  struct Storage: Sendable {
    /// A new directory on the store; several share it as several processes would.
    let directory: @Sendable () -> UserDirectory
    /// Runs a query on the store and returns its rows' first column as text.
    let column: @Sendable (_ sql: String) async throws -> [String]
  }

  /// Runs `body` with a fresh store of this kind, removed afterwards.
  func withStorage(_ body: (Storage) async throws -> Void) async throws {
    switch self {
    case .sqlite:
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-\(UUID().uuidString)").path
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let path = "\(folder)/nested/users.sqlite"
      try await body(
        Storage(
          directory: { .live(path: path) },
          column: { sql in
            try SQLiteDatabase(path: path).query(sql).map { row in
              switch row.first {
              case .text(let text)?: text
              case .integer(let number)?: "\(number)"
              default: ""
              }
            }
          }))
    case .postgres:
      try await PostgresCluster.with { cluster in
        try await body(
          Storage(
            directory: { .postgres(url: cluster.url) },
            column: { sql in try await cluster.psql(sql).split(separator: "\n").map(String.init) }))
      }
    }
  }
}
