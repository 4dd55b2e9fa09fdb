import Braid
import Testing

private struct Profile {
  var name = "Blob"
  var age = 41
}

private enum Settings {
  struct State {
    var theme = "light"
    var fontSize = 14
    var notifications = true
    var profile = Profile()
    var language = "en"
    var region = "GB"
    var timeZone = "UTC"
    var isBeta = false
  }
}

private enum Counter {
  enum Status { case idle, loading }
  struct State {
    var count = 1
    var status = Status.idle
  }
}

private enum Action {
  case child(ChildAction)
  case move(x: Int, y: Int)
}

private enum ChildAction {
  case increment
  case set(Int)
}

private struct Item {
  var id: Int
  var name: String
}

private struct Parent {
  var title = "Inbox"
  var detail: Item?
}

private final class Box {
  var value: Int
  init(value: Int) { self.value = value }
}

struct ValueDiffTests {
  @Test func equalValuesHaveNoDiff() {
    #expect(ValueDump.diff(Settings.State(), Settings.State()) == nil)
    #expect(ValueDump.diff(Action.move(x: 1, y: 2), Action.move(x: 1, y: 2)) == nil)
    #expect(ValueDump.diff(Box(value: 1), Box(value: 1)) == nil)
    var reordered: [String: Int] = [:]
    for key in ["c", "a", "b"] { reordered[key] = key.count }
    #expect(ValueDump.diff(["a": 1, "b": 1, "c": 1], reordered) == nil)
  }

  @Test func changedFieldInANestedStructShowsThePathToIt() {
    var new = Settings.State()
    new.profile.age = 42
    #expect(
      ValueDump.diff(Settings.State(), new) == """
          Settings.State(
            … (3 unchanged)
            profile: Profile(
              name: "Blob",
        −     age: 41,
        +     age: 42,
            ),
            … (4 unchanged)
          )
        """)
  }

  @Test func valueThatFitsOnOneLineIsSplitToPointAtTheChangedField() {
    #expect(ValueDump.dump(Counter.State()) == "Counter.State(count: 1, status: .idle)")
    #expect(
      ValueDump.diff(Counter.State(), Counter.State(count: 2)) == """
          Counter.State(
        −   count: 1,
        +   count: 2,
            status: .idle,
          )
        """)
  }

  @Test func elementAppendedToAnArray() {
    #expect(
      ValueDump.diff([1, 2, 3], [1, 2, 3, 4]) == """
          [
            … (3 unchanged)
        +   4,
          ]
        """)
  }

  @Test func elementInsertedIntoAnArrayOfStructsLeavesTheOthersUnchanged() {
    let old = [Item(id: 1, name: "one"), Item(id: 3, name: "three")]
    let new = [Item(id: 1, name: "one"), Item(id: 2, name: "two"), Item(id: 3, name: "three")]
    #expect(
      ValueDump.diff(old, new) == """
          [
            Item(id: 1, name: "one"),
        +   Item(id: 2, name: "two"),
            Item(id: 3, name: "three"),
          ]
        """)
  }

  @Test func enumCaseChange() {
    #expect(
      ValueDump.diff(Action.child(.increment), Action.move(x: 1, y: 2)) == """
        − .child(.increment)
        + .move(x: 1, y: 2)
        """)
    #expect(
      ValueDump.diff(Counter.State(), Counter.State(status: .loading)) == """
          Counter.State(
            count: 1,
        −   status: .idle,
        +   status: .loading,
          )
        """)
  }

  @Test func payloadChangeInsideTheSameCase() {
    #expect(
      ValueDump.diff(Action.move(x: 1, y: 2), Action.move(x: 1, y: 3)) == """
          .move(
            x: 1,
        −   y: 2,
        +   y: 3,
          )
        """)
    #expect(
      ValueDump.diff(Action.child(.set(1)), Action.child(.set(2))) == """
        − .child(.set(1))
        + .child(.set(2))
        """)
  }

  @Test func dictionaryValueChange() {
    #expect(
      ValueDump.diff(["a": 1, "b": 2], ["a": 1, "b": 3, "c": 4]) == """
          [
            "a": 1,
        −   "b": 2,
        +   "b": 3,
        +   "c": 4,
          ]
        """)
  }

  @Test func optionalThatBecomesAValue() {
    #expect(
      ValueDump.diff(Parent(), Parent(detail: Item(id: 1, name: "one"))) == """
          Parent(
            title: "Inbox",
        −   detail: nil,
        +   detail: Item(id: 1, name: "one"),
          )
        """)
  }

  @Test func longUnchangedRunsCollapseAndShortOnesStay() {
    let old = Array(1...10)
    var new = old
    new[1] = 20
    new[4] = 50
    #expect(
      ValueDump.diff(old, new) == """
          [
            1,
        −   2,
        +   20,
            3,
            4,
        −   5,
        +   50,
            … (5 unchanged)
          ]
        """)
  }

  @Test func removalAtTheFrontAndInsertionAtTheBack() {
    #expect(
      ValueDump.diff([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]) == """
          [
        −   1,
            … (4 unchanged)
        +   6,
          ]
        """)
  }

  @Test func changeInALargeArrayShowsOnlyItsNeighbourhood() {
    let old = Array(0..<2000)
    var new = old
    new[1000] = -1
    #expect(
      ValueDump.diff(old, new) == """
          [
            … (1000 unchanged)
        −   1000,
        +   -1,
            … (999 unchanged)
          ]
        """)
  }

  @Test func objectsAreComparedByTheirFields() {
    #expect(
      ValueDump.diff(Box(value: 1), Box(value: 2)) == """
        − Box(value: 1)
        + Box(value: 2)
        """)
  }
}
