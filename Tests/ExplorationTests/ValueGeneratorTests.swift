import Braid
import BraidExploration
import Testing

/// The ready-made generators: their values stay in range (a range reaching below zero draws
/// empty values, never a crash), and they simplify towards the simplest value.
@Suite struct ValueGeneratorTests {
  @Test func valuesStayInTheirRange() {
    var random = SeededRandomNumberGenerator(seed: 1)
    let strings = ValueGenerator.string(from: "ab", length: -2...3)
    let arrays = ValueGenerator.array(of: .int(in: -5...5), count: -1...2)
    for _ in 0..<1_000 {
      let string = strings.draw(&random)
      #expect(string.count <= 3 && string.allSatisfy { $0 == "a" || $0 == "b" })
      let array = arrays.draw(&random)
      #expect(array.count <= 2 && array.allSatisfy { (-5...5).contains($0) })
    }
  }

  @Test func valuesSimplifyTowardsTheSimplest() {
    #expect(ValueGenerator.int(in: -10...10).simplify(8) == [0, 4, 7])
    #expect(ValueGenerator.int(in: 3...10).simplify(3) == [])
    #expect(ValueGenerator.string(from: "ab", length: 0...6).simplify("bab") == ["", "b", "ba", "aaa"])
    #expect(ValueGenerator.element(of: ["x", "y", "z"]).simplify("z") == ["x", "y"])
    #expect(ValueGenerator.array(of: .int(in: 0...9), count: 0...4).simplify([5, 0]) == [[], [5], [0, 0]])
  }
}
