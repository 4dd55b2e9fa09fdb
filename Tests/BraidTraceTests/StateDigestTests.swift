import BraidTrace
import Foundation
import Testing

@Suite struct StateDigestTests {
  struct Sample {
    var names: Set<String>
    var scores: [String: Int]
    var mode: Mode
    var when: Date
  }

  enum Mode {
    case idle
    case busy(Int)
  }

  final class Node {
    var value: Int
    var next: Node?
    init(_ value: Int) { self.value = value }
  }

  @Test func entriesInAnotherHashOrderGiveTheSameDigest() {
    let words = (0..<200).map { "word\($0)" }
    var small = Set<String>()
    var large = Set<String>(minimumCapacity: 4_096)
    for word in words { small.insert(word) }
    for word in words.reversed() { large.insert(word) }
    // The same elements, walked in another order: what a different process's seed also does.
    #expect(Array(small) != Array(large))
    var scoresSmall: [String: Int] = [:]
    var scoresLarge = [String: Int](minimumCapacity: 4_096)
    for (index, word) in words.enumerated() {
      scoresSmall[word] = index
      scoresLarge[word] = index
    }
    let date = Date(timeIntervalSinceReferenceDate: 1_000)
    let a = Sample(names: small, scores: scoresSmall, mode: .busy(3), when: date)
    let b = Sample(names: large, scores: scoresLarge, mode: .busy(3), when: date)
    #expect(StateDigest.of(a) == StateDigest.of(b))
  }

  @Test func anyChangeOfContentChangesTheDigest() {
    let base = Sample(names: ["a"], scores: ["a": 1], mode: .idle, when: Date(timeIntervalSinceReferenceDate: 0))
    var variants: [Sample] = []
    for change in 0..<5 {
      var copy = base
      switch change {
      case 0: copy.names = ["b"]
      case 1: copy.scores = ["a": 2]
      case 2: copy.mode = .busy(0)
      case 3: copy.when = Date(timeIntervalSinceReferenceDate: 0.001)
      default: copy.scores = ["b": 1]
      }
      variants.append(copy)
    }
    let digests = [base].map(StateDigest.of) + variants.map(StateDigest.of)
    #expect(Set(digests).count == 6)
    #expect(digests.allSatisfy { $0.count == 16 })
  }

  @Test func aCycleOfObjectsEnds() {
    let first = Node(1)
    let second = Node(2)
    first.next = second
    second.next = first
    let digest = StateDigest.of(first)
    second.value = 3
    #expect(StateDigest.of(first) != digest)
    first.next = nil
    second.next = nil
  }
}
