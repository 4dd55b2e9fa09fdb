import Braid
import Foundation
import Testing

private enum Counter {
  struct State {
    var count = 1
    var isLoading = false
  }
}

private enum Action {
  case increment
  case move(x: Int, y: Int)
  case pair(Int, String)
  case child(ChildAction)
  case ping(Void)
  case load(id: Int?)
}

private enum ChildAction {
  case increment
  case set(Int)
}

private enum Mood: CustomStringConvertible {
  case happy
  var description: String { "😀" }
}

private struct Empty {}

private struct Page<Element> {
  struct Cursor { var offset = 0 }
  var items: [Element]
}

private struct Todo {
  var id: Int
  var title: String
  var isComplete: Bool
}

private enum Todos {
  enum Filter { case all }
  struct State {
    var filter = Filter.all
    var todos = [
      Todo(id: 1, title: "Buy milk", isComplete: false),
      Todo(id: 2, title: "Walk the dog and water the plants", isComplete: true),
    ]
  }
}

private final class Link {
  var name: String
  var next: Link?
  init(name: String, next: Link? = nil) {
    self.name = name
    self.next = next
  }
}

private class Animal {
  var legs = 4
}

private final class Dog: Animal {
  var name = "Rex"
}

private struct Pair {
  var first: Link
  var second: Link
}

struct ValueDumpTests {
  @Test func structFitsOnOneLine() {
    #expect(ValueDump.dump(Counter.State()) == "Counter.State(count: 1, isLoading: false)")
  }

  @Test func structWithoutFieldsHasEmptyParentheses() {
    #expect(ValueDump.dump(Empty()) == "Empty()")
  }

  @Test func nestedStructBreaksIntoIndentedLinesWhenTooWide() {
    #expect(
      ValueDump.dump(Todos.State()) == """
        Todos.State(
          filter: .all,
          todos: [
            Todo(id: 1, title: "Buy milk", isComplete: false),
            Todo(id: 2, title: "Walk the dog and water the plants", isComplete: true),
          ],
        )
        """)
  }

  @Test func lineWidthDecidesBetweenOneLineAndMany() {
    let fits = Todo(id: 1, title: String(repeating: "a", count: 40), isComplete: true)
    let tooWide = Todo(id: 1, title: String(repeating: "a", count: 41), isComplete: true)
    #expect(ValueDump.dump(fits).count == 80)
    #expect(!ValueDump.dump(fits).contains("\n"))
    #expect(
      ValueDump.dump(tooWide) == """
        Todo(
          id: 1,
          title: "\(String(repeating: "a", count: 41))",
          isComplete: true,
        )
        """)
  }

  @Test func genericAndNestedTypesAreNamedWithoutModules() {
    #expect(ValueDump.dump(Page(items: [Empty()])) == "Page<Empty>(items: [Empty()])")
    #expect(ValueDump.dump(Page<Int>.Cursor()) == "Page<Int>.Cursor(offset: 0)")
    #expect(ValueDump.dump([String: Int?].self) == "Dictionary<String, Optional<Int>>.self")
  }

  @Test func localTypesKeepTheirEnclosingTypeButNotTheirFunction() {
    struct Local { var value = 1 }
    #expect(ValueDump.dump(Local()) == "ValueDumpTests.Local(value: 1)")
  }

  @Test func enumCases() {
    #expect(ValueDump.dump(Action.increment) == ".increment")
    #expect(ValueDump.dump(Action.move(x: 1, y: 2)) == ".move(x: 1, y: 2)")
    #expect(ValueDump.dump(Action.pair(1, "a")) == #".pair(1, "a")"#)
    #expect(ValueDump.dump(Action.child(.increment)) == ".child(.increment)")
    #expect(ValueDump.dump(Action.child(.set(3))) == ".child(.set(3))")
    #expect(ValueDump.dump(Action.ping(())) == ".ping(())")
    #expect(ValueDump.dump(Action.load(id: 7)) == ".load(id: 7)")
    #expect(ValueDump.dump(Action.load(id: nil)) == ".load(id: nil)")
  }

  @Test func payloadlessCaseWithCustomDescriptionUsesIt() {
    #expect(ValueDump.dump(Mood.happy) == "😀")
  }

  @Test func optionalsAreUnwrapped() {
    #expect(ValueDump.dump(Optional(1) as Any) == "1")
    #expect(ValueDump.dump(Int?.none as Any) == "nil")
    #expect(ValueDump.dump(Optional(Optional(Counter.State())) as Any) == "Counter.State(count: 1, isLoading: false)")
    #expect(ValueDump.dump([1, nil, 3] as [Int?]) == "[1, nil, 3]")
  }

  @Test func stringsAreQuotedAndEscaped() {
    #expect(ValueDump.dump("Blob") == #""Blob""#)
    #expect(ValueDump.dump("say \"hi\"\\\t\r\0") == #""say \"hi\"\\\t\r\0""#)
    #expect(ValueDump.dump("bell\u{7} \u{2028}é😀") == #""bell\u{7} \u{2028}é😀""#)
    #expect(ValueDump.dump("abc".dropFirst()) == #""bc""#)
    #expect(ValueDump.dump(Character("\"")) == #""\"""#)
  }

  @Test func numbersAndBooleansUseTheirDescription() {
    #expect(ValueDump.dump(42) == "42")
    #expect(ValueDump.dump(-1.5) == "-1.5")
    #expect(ValueDump.dump(UInt8(255)) == "255")
    #expect(ValueDump.dump(true) == "true")
  }

  @Test func arraysFitOnOneLineOrPutOneElementPerLine() {
    #expect(ValueDump.dump([1, 2, 3]) == "[1, 2, 3]")
    #expect(ValueDump.dump([Int]()) == "[]")
    let long = (1...3).map { String(repeating: "\($0)", count: 30) }
    #expect(
      ValueDump.dump(long) == """
        [
          "\(long[0])",
          "\(long[1])",
          "\(long[2])",
        ]
        """)
  }

  @Test func dictionaryKeysAreSortedByTheirText() {
    #expect(ValueDump.dump(["b": 2, "c": 3, "a": 1]) == #"["a": 1, "b": 2, "c": 3]"#)
    #expect(ValueDump.dump([10: "ten", 9: "nine", 1: "one"]) == #"[1: "one", 10: "ten", 9: "nine"]"#)
    #expect(ValueDump.dump([String: Int]()) == "[:]")
    #expect(ValueDump.dump([AnyHashable("k"): 1]) == #"["k": 1]"#)
  }

  @Test func setsAreSorted() {
    #expect(ValueDump.dump(Set(["pear", "apple", "fig"])) == #"Set(["apple", "fig", "pear"])"#)
    #expect(ValueDump.dump(Set<Int>()) == "Set([])")
  }

  @Test func tuples() {
    #expect(ValueDump.dump((a: 1, b: "x")) == #"(a: 1, b: "x")"#)
    #expect(ValueDump.dump((1, 2)) == "(1, 2)")
    #expect(ValueDump.dump((1, b: 2)) == "(1, b: 2)")
  }

  @Test func classesListInheritedFieldsFirst() {
    #expect(ValueDump.dump(Dog()) == #"Dog(legs: 4, name: "Rex")"#)
    #expect(
      ValueDump.dump(Link(name: "a", next: Link(name: "b"))) == #"Link(name: "a", next: Link(name: "b", next: nil))"#)
  }

  @Test func classCycleIsCut() {
    let first = Link(name: "a")
    first.next = Link(name: "b", next: first)
    #expect(ValueDump.dump(first) == #"Link#1(name: "a", next: Link(name: "b", next: Link#1(↩︎)))"#)
    first.next = nil
  }

  @Test func aSharedObjectIsNumberedAndRenderedInFullOnce() {
    let shared = Link(name: "s")
    #expect(
      ValueDump.dump(Pair(first: shared, second: shared))
        == #"Pair(first: Link#1(name: "s", next: nil), second: Link#1(↩︎))"#)
    // Objects met once carry no number.
    #expect(
      ValueDump.dump(Pair(first: Link(name: "x"), second: shared))
        == #"Pair(first: Link(name: "x", next: nil), second: Link(name: "s", next: nil))"#)
  }

  @Test func foundationValuesUseTheirDescription() throws {
    #expect(ValueDump.dump(Date(timeIntervalSince1970: 0)) == "1970-01-01 00:00:00 +0000")
    let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    #expect(ValueDump.dump(uuid) == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    #expect(ValueDump.dump(try #require(URL(string: "https://example.com/a?b=1"))) == "https://example.com/a?b=1")
    #expect(ValueDump.dump(try #require(Decimal(string: "12.50"))) == "12.5")
  }

  @Test func metatypesAndFunctions() {
    #expect(ValueDump.dump(Int.self) == "Int.self")
    #expect(ValueDump.dump(Counter.State.self) == "Counter.State.self")
    let function: (Int) -> Int = { $0 }
    #expect(ValueDump.dump(function) == "(Function)")
  }
}
