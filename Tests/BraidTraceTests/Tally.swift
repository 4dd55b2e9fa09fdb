import Braid
import Foundation

/// A small `Codable` feature the recording tests record and replay: it counts, logs names into a
/// dictionary and a set (whose order differs between processes), draws uuids and random numbers
/// while reducing, and has an effect that feeds an action back.
struct Tally: Reducer {
  struct State: Codable, Equatable {
    var count = 0
    var names: [String] = []
    var byName: [String: Int] = [:]
    var tags: Set<String> = []
    var stamps: [UUID] = []
  }

  enum Action: Codable, Equatable, Sendable {
    case increment
    case add(String)
    case move(x: Int, y: Int)
    case stamp
    case roll
    case load
    case loaded(Int)
  }

  /// How much `increment` adds: a replay with another value diverges.
  var step = 1

  @Dependency(\.uuid) var uuid
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += step
    case .add(let name):
      state.names.append(name)
      state.byName[name, default: 0] += 1
      state.tags.insert(name.uppercased())
    case .move(let x, let y):
      state.count += x * y
    case .stamp:
      state.stamps.append(uuid())
    case .roll:
      state.count += withRandomNumberGenerator { Int.random(in: 0..<1_000_000, using: &$0) }
    case .load:
      return .run { send in await send(.loaded(42)) }
    case .loaded(let value):
      state.count += value
    }
    return .none
  }
}

/// A feature whose actions are not `Codable`: its traces hold readable dumps only.
struct Opaque: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Sendable { case tap }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// A fresh path in the temporary directory; nothing is there yet.
func temporaryTracePath(_ name: String = "trace") -> String {
  FileManager.default.temporaryDirectory.appendingPathComponent("braid-\(name)-\(UUID().uuidString).jsonl").path
}

/// The trace's lines.
func lines(of path: String) throws -> [String] {
  try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
}
