import Braid
import Synchronization
import Testing

// Nested in the fixtures' namespace so the fixture types resolve without file-scope names.
extension CasePathFixtures {
  struct CasePathLayoutTests {
    @Test func indirectCasesExtractThroughTheirBox() {
      let node = /Tree.node
      let tree = Tree.node(.leaf(1), .node(.leaf(2), .leaf(3)))
      let children = node.extract(from: tree)
      #expect(children?.0 == .leaf(1))
      #expect(children?.1 == .node(.leaf(2), .leaf(3)))
      #expect((/Tree.leaf).extract(from: .leaf(8)) == 8)
      #expect((/Tree.leaf).extract(from: tree) == nil)
      let boxed = /Mixed.boxed
      #expect(boxed.extract(from: .plain("p")) == nil)
      #expect(
        boxed.extract(from: .boxed("a heap-allocated string, long enough"))
          == "a heap-allocated string, long enough")
      #expect((/Mixed.plain).extract(from: .plain("p")) == "p")
      #expect((/Mixed.plain).extract(from: .empty) == nil)
    }

    @Test func referencePayloadsAreRetainedOnceAndReleased() throws {
      let counter = Counter()
      do {
        let object = Tracked(1, counter)
        let root = Packed.b(object)
        let pathA = /Packed.a
        let pathB = /Packed.b
        for _ in 0..<1_000 {
          #expect(pathA.extract(from: root) == nil)
          let extracted = try #require(pathB.extract(from: root))
          #expect(extracted === object)
        }
        #expect(counter.deinits.load(ordering: .relaxed) == 0)
        let boxed = Generic<Tracked>.value(object)
        for _ in 0..<1_000 { #expect((/Generic<Tracked>.value).extract(from: boxed) === object) }
        let indirect = Mixed.object(object)
        for _ in 0..<1_000 { #expect((/Mixed.object).extract(from: indirect) === object) }
        #expect((/Mixed.object).extract(from: .boxed("b")) == nil)
        #expect(counter.deinits.load(ordering: .relaxed) == 0)
      }
      #expect(counter.deinits.load(ordering: .relaxed) == 1)
    }

    @Test func spareBitPackedCasesStayApart() {
      let counter = Counter()
      let first = Tracked(1, counter)
      let second = Tracked(2, counter)
      #expect((/Packed.a).extract(from: .a(first))?.id == 1)
      #expect((/Packed.a).extract(from: .b(second)) == nil)
      #expect((/Packed.b).extract(from: .b(second))?.id == 2)
      #expect((/Packed.b).extract(from: .c) == nil)
    }

    @Test func stringAndArrayPayloadsSurviveExtraction() {
      let long = String(repeating: "braid ", count: 50)
      #expect((/ChildAction.text).extract(from: .text(long)) == long)
      #expect((/ChildAction.text).extract(from: .text("")) == "")
      #expect((/Action.names).extract(from: .names(["a", long])) == ["a", long])
      #expect((/Action.names).extract(from: .count(2)) == nil)
    }

    @Test func existentialPayloadsExtract() throws {
      let failure = try #require((/Special.failure).extract(from: .failure(Failure(code: 7))))
      #expect(failure as? Failure == Failure(code: 7))
      #expect((/Special.failure).extract(from: .anything(1)) == nil)
      let anything = try #require((/Special.anything).extract(from: .anything("x")))
      #expect(anything as? String == "x")
    }

    @Test func nestedEnumsComposeCaseByCase() {
      let root = Action.child(.text("deep"))
      let child = (/Action.child).extract(from: root)
      #expect(child.flatMap { (/ChildAction.text).extract(from: $0) } == "deep")
      #expect((/ChildAction.tapped).extract(from: .text("deep")) == nil)
    }

    @Test func singleCaseEnumsAndOptionalsExtract() {
      enum Only { case value(Double) }
      #expect((/Only.value).extract(from: .value(2.5)) == 2.5)
      #expect((/Optional<Int>.some).extract(from: 4) == 4)
      #expect((/Optional<Int>.some).extract(from: nil) == nil)
    }

    @Test func metatypePayloadsExtract() {
      #expect((/Special.type).extract(from: .type(Int.self)) == Int.self)
      #expect((/Special.type).extract(from: .classType(Base.self)) == nil)
      #expect((/Special.classType).extract(from: .classType(Derived.self)) == Derived.self)
      #expect((/Special.classType).extract(from: .type(Int.self)) == nil)
    }

    @Test func convertedConstructorsExtractByDynamicCast() {
      let integer: CasePath<Special, Int> = /Special.anything
      #expect(integer.extract(from: .anything("five")) == nil)
      #expect(integer.extract(from: .anything(5)) == 5)
      #expect(integer.extract(from: .anything("five")) == nil)
      #expect(integer.extract(from: .type(Int.self)) == nil)
    }

    /// Documented limitation: a closure stored in a concrete enum cannot be handed back safely.
    @Test func closurePayloadsInConcreteEnumsNeverMatch() {
      #expect((/Special.callback).extract(from: .callback({ 1 })) == nil)
      #expect((/Special.callback).extract(from: .type(Int.self)) == nil)
    }

    /// Documented behaviour: `/` on something other than an enum case never matches.
    @Test func nonEnumConstructorsNeverMatch() {
      let path = /Point.init(x:)
      #expect(path.embed(3).x == 3)
      #expect(path.extract(from: Point(x: 3)) == nil)
      #expect((/Mirrored.value).extract(from: .value(1)) == nil)
    }

    @Test func pathsWorkAsSpacedArguments() {
      func firstMatch(
        _ first: CasePath<Action, Int>, _ second: CasePath<Action, Int>, in action: Action
      ) -> Int? {
        first.extract(from: action) ?? second.extract(from: action)
      }
      #expect(firstMatch(/Action.count, /Action.total, in: .total(6)) == 6)
    }

    @Test func singleCaseEnumsWithEmptyPayloadsExtractAtEveryLevel() {
      let top = /TopAction.child
      let middle = /MiddleAction.child
      for _ in 0..<3 {
        let extracted = top.extract(from: .child(.child(.increment)))
        #expect(extracted == .child(.increment))
        #expect(extracted.flatMap { middle.extract(from: $0) } == .increment)
      }
      let child = /EmptyOrCount.child
      #expect(child.extract(from: .count(1)) == nil)
      #expect(child.extract(from: .child(.increment)) == .increment)
      #expect(child.extract(from: .count(2)) == nil)
      #expect((/EmptyOrCount.count).extract(from: .child(.increment)) == nil)
      #expect((/EmptyOrCount.count).extract(from: .count(3)) == 3)
    }

    @Test func wideSpareBitPackedCasesRetainTheirPayloadsOnce() throws {
      let counter = Counter()
      do {
        let objects = (0..<9).map { Tracked($0, counter) }
        let (o0, o1, o2, o3, o4, o5, o6, o7, o8) = (
          objects[0], objects[1], objects[2], objects[3], objects[4], objects[5], objects[6],
          objects[7], objects[8]
        )
        let first = Wide.a(o0, o1, o2, o3, o4, o5, o6, o7, o8)
        let second = Wide.b(o8, o7, o6, o5, o4, o3, o2, o1, o0)
        for _ in 0..<100 {
          let a = try #require((/Wide.a).extract(from: first))
          let b = try #require((/Wide.b).extract(from: second))
          #expect(a.0 === o0 && a.8 === o8 && b.0 === o8 && b.8 === o0)
          #expect((/Wide.a).extract(from: second) == nil)
          #expect((/Wide.b).extract(from: first) == nil)
          #expect((/Wide.b).extract(from: .c) == nil)
        }
      }
      #expect(counter.deinits.load(ordering: .relaxed) == 9)
    }

    @Test func closuresStoredGenericallyExtract() throws {
      let pair = /Generic<(Int, @Sendable () -> Int)>.value
      for _ in 0..<3 {
        let value = try #require(pair.extract(from: .value((1, { 41 + 1 }))))
        #expect(value.0 == 1 && value.1() == 42)
        #expect(pair.extract(from: .none) == nil)
      }
      let doubling = /Generic<@Sendable (Int) -> Int>.value
      for _ in 0..<3 {
        #expect(doubling.extract(from: .value({ $0 * 2 }))?(21) == 42)
        #expect(doubling.extract(from: .none) == nil)
      }
      let some = /Optional<@Sendable (Int) -> Int>.some
      for _ in 0..<3 {
        #expect(some.extract(from: { $0 * 2 })?(21) == 42)
        #expect(some.extract(from: nil) == nil)
      }
    }

    @Test func racingFirstUsesAllAgree() async {
      for _ in 0..<20 {
        // Every task races to learn or to reject a case on the same fresh path.
        let names = /Action.names
        let results = await withTaskGroup(of: Bool.self) { group in
          for index in 0..<64 {
            group.addTask {
              switch index % 4 {
              case 0: names.extract(from: .names(["\(index)"])) == ["\(index)"]
              case 1: names.extract(from: .count(index)) == nil
              case 2: names.extract(from: .reset) == nil
              default: names.extract(from: .child(.text("\(index)"))) == nil
              }
            }
          }
          return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 })
      }
    }
  }
}
