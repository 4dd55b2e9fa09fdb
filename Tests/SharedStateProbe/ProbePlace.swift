import Braid
import BraidSharedStorage

/// Where the probe keeps its value: a `.fileStorage` file or a `.sqlite` key, on disk.
enum ProbePlace {
  case file(String)
  case sqlite(database: String, key: String)

  /// `file PATH` or `sqlite DATABASE KEY`.
  init?(_ arguments: [String]) {
    switch arguments.first {
    case "file" where arguments.count == 2: self = .file(arguments[1])
    case "sqlite" where arguments.count == 3: self = .sqlite(database: arguments[1], key: arguments[2])
    default: return nil
    }
  }

  /// The shared value at this place, `value` when it holds none.
  func shared<Value: Codable & Sendable>(_ value: Value) -> Shared<Value> {
    withDependencies {
      $0.defaultFileStorage = .fileSystem
      $0.defaultSQLiteStorage = .onDisk
    } operation: {
      switch self {
      case .file(let path): Shared(wrappedValue: value, .fileStorage(path))
      case .sqlite(let database, let key): Shared(wrappedValue: value, .sqlite(key, database: database))
      }
    }
  }
}
