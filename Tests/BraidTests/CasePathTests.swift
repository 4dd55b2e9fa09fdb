import Braid
import Synchronization
import Testing

// Nested in the fixtures' namespace so the fixture types resolve without file-scope names.
extension CasePathFixtures {
  struct CasePathTests {
    @Test func explicitPathEmbedsAndExtracts() {
      let path = CasePath<Action, Int>(
        embed: { .count($0) },
        extract: { if case .count(let value) = $0 { value } else { nil } }
      )
      #expect(path.embed(3) == .count(3))
      #expect(path.extract(from: .count(7)) == 7)
      #expect(path.extract(from: .total(7)) == nil)
    }

    @Test func caseNamesAreFoundForPlainAndEmptiablePayloads() {
      #expect((/Action.count).caseName == "count")
      #expect((/Action.total).caseName == "total")
      #expect((/Action.move).caseName == "move")
      #expect((/Action.names).caseName == "names")
      #expect((/Action.reset).caseName == "reset")
      #expect((/Tree.leaf).caseName == "leaf")
      #expect((/Mixed.boxed).caseName == "boxed")
      #expect((/Either<Int>.right).caseName == "right")
      #expect((/Either<Int>.maybe).caseName == "maybe")
      // `ChildAction` holds a `String` in one case: no stand-in value, so no name.
      #expect((/Action.child).caseName == nil)
      // `Never` has no value at all.
      #expect((/Signal.impossible).caseName == nil)
    }

    @Test func payloadCaseExtractsItsValueAndRejectsOtherCases() {
      let child = /Action.child
      #expect(child.extract(from: .reset) == nil)
      #expect(child.extract(from: .count(1)) == nil)
      #expect(child.extract(from: .child(.text("hi"))) == .text("hi"))
      #expect(child.extract(from: .child(.tapped)) == .tapped)
      #expect(child.embed(.tapped) == .child(.tapped))
    }

    @Test func payloadlessCaseMatchesOnlyItsCase() {
      let reset = /Action.reset
      #expect(reset.extract(from: .reset) != nil)
      #expect(reset.extract(from: .child(.tapped)) == nil)
      #expect(reset.extract(from: .count(0)) == nil)
      #expect(reset.embed(()) == .reset)
    }

    @Test func voidPayloadCaseMatchesOnlyItsCase() {
      let ping = /Signal.ping
      #expect(ping.extract(from: .pong) == nil)
      #expect(ping.extract(from: .ping(())) != nil)
      if case .ping = ping.embed(()) {} else { Issue.record("embed built the wrong case") }
      let impossible = /Signal.impossible
      #expect(impossible.extract(from: .pong) == nil)
      #expect(impossible.extract(from: .ping(())) == nil)
    }

    @Test func payloadlessFormWithAPayloadValueMatchesEqualValues() {
      let tappedChild = /Action.child(.tapped)
      #expect(tappedChild.extract(from: .child(.tapped)) != nil)
      #expect(tappedChild.extract(from: .child(.text("x"))) == nil)
      let answer = "42"
      #expect((/answer).extract(from: "42") != nil)
      #expect((/answer).extract(from: "41") == nil)
    }

    @Test(arguments: [true, false])
    func casesSharingAPayloadTypeStayApart(learnFromOtherCaseFirst: Bool) {
      let count = /Action.count
      if learnFromOtherCaseFirst {
        #expect(count.extract(from: .total(5)) == nil)
      }
      #expect(count.extract(from: .count(5)) == 5)
      #expect(count.extract(from: .total(5)) == nil)
      #expect((/Action.total).extract(from: .count(9)) == nil)
      #expect((/Action.total).extract(from: .total(9)) == 9)
    }

    @Test func casesSeenBeforeTheFirstMatchDoNotHideIt() {
      let names = /Action.names
      for action in [Action.count(1), .child(.tapped), .reset, .count(2), .total(3), .reset] {
        #expect(names.extract(from: action) == nil)
      }
      #expect(names.extract(from: .names(["a"])) == ["a"])
      #expect(names.extract(from: .count(1)) == nil)
    }

    @Test func labelledTupleExtractsAllValues() throws {
      let move: CasePath<Action, (x: Int, y: Int)> = /Action.move
      let value = try #require(move.extract(from: .move(x: 3, y: -4)))
      #expect(value.x == 3 && value.y == -4)
      #expect(move.extract(from: .count(3)) == nil)
      let unlabelled = try #require((/Action.move).extract(from: .move(x: 1, y: 2)))
      #expect(unlabelled == (1, 2))
    }

    @Test func genericEnumsExtractForSeveralArguments() {
      #expect((/Generic<Int>.value).extract(from: .value(42)) == 42)
      #expect((/Generic<Int>.value).extract(from: .none) == nil)
      #expect((/Generic<String>.value).extract(from: .value("s")) == "s")
      #expect((/Generic<Generic<Int>>.value).extract(from: .value(.none)) != nil)
      let closure = (/Generic<@Sendable () -> Int>.value).extract(from: .value({ 41 + 1 }))
      #expect(closure?() == 42)
    }

    @Test func genericMultiPayloadCasesStayApart() {
      let right = /Either<String>.right
      #expect(right.extract(from: .left("l")) == nil)
      #expect(right.extract(from: .right("r")) == "r")
      #expect((/Either<String>.left).extract(from: .left("l")) == "l")
      let maybe = /Either<Int>.maybe
      #expect(maybe.extract(from: .maybe(nil)) == .some(nil))
      #expect(maybe.extract(from: .maybe(3)) == .some(3))
      #expect(maybe.extract(from: .left(3)) == nil)
    }

    @Test func optionalPayloadAsNonOptionalValueExtractsByDynamicCast() {
      let wrapped: CasePath<Either<Int>, Int> = /Either<Int>.maybe
      #expect(wrapped.extract(from: .maybe(nil)) == nil)
      #expect(wrapped.extract(from: .maybe(4)) == 4)
      #expect(wrapped.extract(from: .maybe(nil)) == nil)
      #expect(wrapped.extract(from: .left(4)) == nil)
      #expect(wrapped.embed(5).isMaybeFive)
    }
  }
}
