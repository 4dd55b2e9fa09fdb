import Braid

/// One step of a differential script.
enum ScriptStep: Equatable, Sendable, CustomStringConvertible {
  case send(Playground.Action)
  case advance(milliseconds: Int)
  case emit(Int)

  var description: String {
    switch self {
    case .send(let action): "send \(action)"
    case .advance(let milliseconds): "advance \(milliseconds) ms"
    case .emit(let value): "emit \(value)"
    }
  }
}

/// Seeded random scripts over ``Playground``, and the check that a script only addresses rows
/// and a child that exist at that point (so shrinking never produces a misuse).
enum Script {
  /// A script of `length` valid steps, the same for the same seed.
  static func random(seed: UInt64, length: Int = 24) -> [ScriptStep] {
    var generator = SeededRandomNumberGenerator(seed: seed)
    var model = Model()
    var steps: [ScriptStep] = []
    while steps.count < length {
      let step = candidate(model, using: &generator)
      guard model.apply(step) else { continue }
      steps.append(step)
    }
    return steps
  }

  /// Whether every step addresses only rows and a child present at that point.
  static func isValid(_ steps: [ScriptStep]) -> Bool {
    var model = Model()
    return steps.allSatisfy { model.apply($0) }
  }

  private static func candidate(_ model: Model, using generator: inout SeededRandomNumberGenerator) -> ScriptStep {
    let queries = ["a", "ab", "abc", "b", "ba"]
    switch Int.random(in: 0..<16, using: &generator) {
    case 0: return .send(.increment)
    case 1: return .send(.incrementLater)
    case 2: return .send(.incrementTwice)
    case 3: return .send(.queryChanged(queries.randomElement(using: &generator) ?? "a"))
    case 4: return .send(.addRow)
    case 5:
      guard let id = model.rows.randomElement(using: &generator) else { return .send(.addRow) }
      return .send(.removeRow(id))
    case 6, 7:
      guard let id = model.rows.randomElement(using: &generator) else { return .send(.addRow) }
      return .send(.rows(.element(id: id, action: Bool.random(using: &generator) ? .startTimer : .stopTimer)))
    case 8: return .send(.toggleChild)
    case 9: return model.hasChild ? .send(.child(.onAppear)) : .send(.toggleChild)
    case 10: return .send(.throttledTap)
    case 11: return .send(.fetch(failures: Int.random(in: 0...3, using: &generator)))
    case 12: return .emit(Int.random(in: 0..<100, using: &generator))
    default: return .advance(milliseconds: Int.random(in: 1...15, using: &generator) * 100)
    }
  }

  /// Which rows and whether a child exist, as the script goes.
  private struct Model {
    var rows: [Int] = []
    var nextRowID = 0
    var hasChild = false

    mutating func apply(_ step: ScriptStep) -> Bool {
      guard case .send(let action) = step else { return true }
      switch action {
      case .addRow:
        guard rows.count < 4 else { return false }
        rows.append(nextRowID)
        nextRowID += 1
      case .removeRow(let id):
        guard let index = rows.firstIndex(of: id) else { return false }
        rows.remove(at: index)
      case .rows(.element(let id, _)):
        return rows.contains(id)
      case .toggleChild:
        hasChild.toggle()
      case .child:
        return hasChild
      default:
        break
      }
      return true
    }
  }

  /// Removes steps one at a time, keeping each removal after which `fails` still holds and the
  /// script stays valid, until no single removal does.
  @MainActor
  static func shrink(_ steps: [ScriptStep], while fails: @MainActor ([ScriptStep]) async -> Bool) async -> [ScriptStep]
  {
    var current = steps
    var removedOne = true
    while removedOne {
      removedOne = false
      for index in current.indices.reversed() {
        var candidate = current
        candidate.remove(at: index)
        if isValid(candidate), await fails(candidate) {
          current = candidate
          removedOne = true
          break
        }
      }
    }
    return current
  }
}
