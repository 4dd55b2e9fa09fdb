import Braid

/// Makes random values for an exploration, and simpler values for shrinking a counterexample.
///
/// A generator draws from the exploration's seeded generator only, so the same seed draws the
/// same values on every machine. `simplify` lists values simpler than a given one, simplest
/// first; shrinking tries them in that order.
///
/// ```swift
/// let names = ValueGenerator.string(from: "abé", length: 0...8)
/// let ages = ValueGenerator.int(in: 0...130)
/// ```
public struct ValueGenerator<Value: Sendable>: Sendable {
  /// Makes a value from the exploration's random numbers: call it from a generator of your own
  /// that builds on this one.
  public let draw: @Sendable (inout SeededRandomNumberGenerator) -> Value
  /// The values simpler than the given one, simplest first.
  public let simplify: @Sendable (Value) -> [Value]

  /// A generator that draws with `draw` and simplifies with `simplify`.
  ///
  /// - Parameters:
  ///   - draw: Makes a value from the exploration's random numbers.
  ///   - simplify: Values simpler than the given one, simplest first; none by default.
  public init(
    draw: @escaping @Sendable (inout SeededRandomNumberGenerator) -> Value,
    simplify: @escaping @Sendable (Value) -> [Value] = { _ in [] }
  ) {
    self.draw = draw
    self.simplify = simplify
  }

  /// Always `value`.
  ///
  /// - Parameter value: The value.
  /// - Returns: The generator.
  public static func constant(_ value: Value) -> Self {
    Self { _ in value }
  }

  /// One of `elements`, each as likely; an element simplifies to the ones before it.
  ///
  /// - Parameter elements: The choices, simplest first; must not be empty.
  /// - Returns: The generator.
  public static func element(of elements: [Value]) -> Self where Value: Equatable {
    precondition(!elements.isEmpty, "ValueGenerator.element(of:) needs at least one element")
    return Self(
      draw: { random in elements[Int.random(in: 0..<elements.count, using: &random)] },
      simplify: { value in Array(elements.prefix { $0 != value }) })
  }
}

extension ValueGenerator where Value == Int {
  /// An integer in `range`; it simplifies towards zero (or the bound nearest it): the bound,
  /// then halfway, then one step closer.
  ///
  /// - Parameter range: The integers to draw from.
  /// - Returns: The generator.
  public static func int(in range: ClosedRange<Int>) -> Self {
    let target = min(max(0, range.lowerBound), range.upperBound)
    return Self(
      draw: { random in Int.random(in: range, using: &random) },
      simplify: { value in
        guard value != target else { return [] }
        let half = target + (value - target) / 2
        let step = value > target ? value - 1 : value + 1
        var candidates: [Int] = []
        for candidate in [target, half, step] where candidate != value && !candidates.contains(candidate) {
          candidates.append(candidate)
        }
        return candidates
      })
  }
}

extension ValueGenerator where Value == String {
  /// A string of `length` characters drawn from `alphabet`; it simplifies to shorter strings
  /// (empty, then halves, then one character fewer), then to the alphabet's first character in
  /// each place.
  ///
  /// - Parameters:
  ///   - alphabet: The characters to draw from, simplest first; must not be empty.
  ///   - length: How many characters.
  /// - Returns: The generator.
  public static func string(from alphabet: String, length: ClosedRange<Int>) -> Self {
    let characters = Array(alphabet)
    precondition(!characters.isEmpty, "ValueGenerator.string(from:length:) needs an alphabet")
    let shortest = max(0, length.lowerBound)
    return Self(
      draw: { random in
        // A range reaching below zero draws no fewer than zero characters.
        let count = max(0, Int.random(in: length, using: &random))
        return String((0..<count).map { _ in characters[Int.random(in: 0..<characters.count, using: &random)] })
      },
      simplify: { value in
        var candidates: [String] = []
        for count in [shortest, value.count / 2, value.count - 1] where count >= shortest && count < value.count {
          let shorter = String(value.prefix(count))
          if !candidates.contains(shorter) { candidates.append(shorter) }
        }
        let plain = String(value.map { _ in characters[0] })
        if plain != value, !candidates.contains(plain) { candidates.append(plain) }
        return candidates
      })
  }
}

extension ValueGenerator {
  /// An array of `count` values from `element`; it simplifies by dropping elements (all, then
  /// half, then the last), then by simplifying its first element that can be.
  ///
  /// - Parameters:
  ///   - element: Makes each element.
  ///   - count: How many elements.
  /// - Returns: The generator.
  public static func array<Element>(of element: ValueGenerator<Element>, count: ClosedRange<Int>) -> Self
  where Value == [Element] {
    let fewest = max(0, count.lowerBound)
    return Self(
      draw: { random in
        let n = max(0, Int.random(in: count, using: &random))
        return (0..<n).map { _ in element.draw(&random) }
      },
      simplify: { value in
        var candidates: [[Element]] = []
        for n in Set([fewest, value.count / 2, value.count - 1]).sorted() where n >= fewest && n < value.count {
          candidates.append(Array(value.prefix(n)))
        }
        for index in value.indices {
          if let simpler = element.simplify(value[index]).first {
            var changed = value
            changed[index] = simpler
            candidates.append(changed)
            break
          }
        }
        return candidates
      })
  }
}
