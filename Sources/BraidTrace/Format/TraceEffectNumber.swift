/// An effect's number in a trace, the one number `replay --step`, the timeline and an emitted
/// test use for it too.
///
/// From format version 2, the effects that reducers and hooks return are numbered `1`, `2`, …
/// in start order, as a described `TestStore` numbers them, and an effect that another effect's
/// task started (the run a `debounce` delays, or `Send.perform`'s) is numbered under it: `1.1`,
/// `1.2`, then `1.1.1` below that. The trace writes the number as a string (`"effect":"1.1"`).
///
/// A version 1 trace counted every effect in one sequence, nested ones included, and wrote the
/// number as an integer with the starting effect's in a `parent` field: such a number reads as
/// a number of one component, as it was recorded.
struct TraceEffectNumber: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The number's parts, outermost first: `[1, 2]` for `1.2`.
  let components: [Int]

  init(_ components: [Int]) {
    self.components = components
  }

  /// Reads `1` or `1.2`; `nil` for anything else (an empty part, a sign, a letter).
  init?(_ text: some StringProtocol) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    var components: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber), let number = Int(part),
        number > 0
      else { return nil }
      components.append(number)
    }
    guard !components.isEmpty else { return nil }
    self.components = components
  }

  /// The effect whose task started this one, or `nil` for an effect a reducer or a hook returned.
  var parent: TraceEffectNumber? {
    components.count > 1 ? TraceEffectNumber(Array(components.dropLast())) : nil
  }

  /// The number of the effect a reducer or a hook returned that this one descends from.
  var root: Int { components[0] }

  /// The number as written: `1.2`.
  var description: String { components.map(String.init).joined(separator: ".") }

  static func < (lhs: Self, rhs: Self) -> Bool { lhs.components.lexicographicallyPrecedes(rhs.components) }
}

extension TraceEffectNumber: Decodable {
  /// Reads a version 2 string (`"1.2"`) or a version 1 integer (`2`).
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      guard number > 0 else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "an effect number below 1")
      }
      self.init([number])
    } else {
      let text = try container.decode(String.self)
      guard let number = TraceEffectNumber(text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "'\(text)' is not an effect number such as 1 or 1.2")
      }
      self = number
    }
  }
}

/// Numbers a store's effects as a trace writes them (``TraceEffectNumber``), from the store's
/// own numbers, which count every effect in one sequence.
struct TraceEffectNumbering {
  private var numbers: [Int: TraceEffectNumber] = [:]
  /// How many effects each running effect's task has started.
  private var children: [Int: Int] = [:]
  private var returned = 0

  /// Numbers the store's effect `effect`, which `parent`'s task started (if any).
  mutating func start(_ effect: Int, parent: Int?) -> TraceEffectNumber {
    let number: TraceEffectNumber
    if let parent, let outer = numbers[parent] {
      children[parent, default: 0] += 1
      number = TraceEffectNumber(outer.components + [children[parent]!])
    } else {
      returned += 1
      number = TraceEffectNumber([returned])
    }
    numbers[effect] = number
    return number
  }

  /// The trace's number of the store's running effect `effect`.
  ///
  /// A store reports nothing of an effect before its start or after its end; an effect this
  /// numbering never saw start would keep the store's number.
  func number(_ effect: Int) -> TraceEffectNumber {
    numbers[effect] ?? TraceEffectNumber([effect])
  }

  /// Forgets an effect that ended: a long session keeps only its running effects' numbers.
  mutating func end(_ effect: Int) {
    numbers[effect] = nil
    children[effect] = nil
  }
}
