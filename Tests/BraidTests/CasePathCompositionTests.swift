import Braid
import Testing

struct CasePathCompositionTests {
  enum Grandchild: Equatable, Sendable {
    case tapped
    case text(String)
  }
  enum Child: Equatable, Sendable, CasePathable {
    case grandchild(Grandchild)
    case reset
  }
  enum Action: Equatable, Sendable, CasePathable {
    case child(Child)
    case other(Int)
  }

  @Test func composedPathsEmbedAndExtractThroughBothCases() {
    // Parentheses: two bare `/` on one line would read as a regular-expression literal.
    let path = (/Action.child) .. (/Child.grandchild)
    #expect(path.embed(.tapped) == .child(.grandchild(.tapped)))
    #expect(path.extract(from: .child(.grandchild(.text("hi")))) == .text("hi"))
    #expect(path.extract(from: .child(.reset)) == nil)
    #expect(path.extract(from: .other(1)) == nil)
    let named = (/Action.child).appending(path: /Child.grandchild).appending(path: /Grandchild.text)
    #expect(named.embed("x") == .child(.grandchild(.text("x"))))
    #expect(named.matches(.child(.grandchild(.text("y")))))
    #expect(!named.matches(.child(.grandchild(.tapped))))
  }

  @Test func isAndCaseSubscript() {
    // Paths are built outside `#expect`: its expansion repeats the expression on one line, where
    // two bare `/` would read as a regular-expression literal.
    let child = /Action.child
    let other = /Action.other
    let grandchild = /Child.grandchild
    var action = Action.child(.grandchild(.tapped))
    #expect(action.is(child))
    #expect(!action.is(other))
    #expect(action[case: child] == .grandchild(.tapped))
    #expect(action[case: other] == nil)
    // Writing through a case that holds changes the payload in place.
    action[case: child] = .reset
    #expect(action == .child(.reset))
    // Optional chaining writes only while the value is in the case.
    var unrelated = Action.other(1)
    unrelated[case: child]?[case: grandchild] = .tapped
    #expect(unrelated == .other(1))
    // Setting nil changes nothing.
    unrelated[case: other] = nil
    #expect(unrelated == .other(1))
  }
}
