import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// A `TestStore` over state that is not `Equatable` — holding a class instance and an enum with
/// a non-`Equatable` payload — asserts it by content, with the same diffs as `Equatable` state.
@MainActor
@Suite(.checksStoreLeaks)
struct TestStoreAnyStateTests {
  final class Profile {
    var name: String
    var tags: [String]
    init(name: String, tags: [String] = []) {
      self.name = name
      self.tags = tags
    }
  }

  struct Draft {
    var text: String
  }

  enum Mode {
    case viewing
    case editing(Draft)
  }

  struct State {
    var profile = Profile(name: "Ada")
    var mode = Mode.viewing
  }

  enum Action: Sendable {
    case rename(String)
    case edit
    case type(String)
  }

  struct Feature: Reducer {
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .rename(let name):
        // A new object, so the state before the action keeps the old one.
        state.profile = Profile(name: name, tags: state.profile.tags)
      case .edit:
        state.mode = .editing(Draft(text: ""))
      case .type(let text):
        state.mode = .editing(Draft(text: text))
      }
      return .none
    }
  }

  @Test func nonEquatableStateIsAssertedByContent() async {
    let store = TestStore(initialState: State()) { Feature() }
    // A different object with the same fields is the same content.
    await store.send(.rename("Grace")) { $0.profile = Profile(name: "Grace") }
    await store.send(.edit) { $0.mode = .editing(Draft(text: "")) }
    await store.send(.type("hi")) { $0.mode = .editing(Draft(text: "hi")) }
  }

  @Test func aMismatchShowsTheSameDiffAsForEquatableState() async {
    let store = TestStore(initialState: State()) { Feature() }
    let messages = await recordedFailures {
      await store.send(.rename("Grace")) { $0.profile = Profile(name: "Grace", tags: ["x"]) }
    }
    #expect(
      messages == [
        """
        A state change does not match expectation: …

          TestStoreAnyStateTests.State(
            profile: TestStoreAnyStateTests.Profile(
              name: "Grace",
        −     tags: ["x"],
        +     tags: [],
            ),
            mode: .viewing,
          )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func anUnassertedChangeOfAnEnumPayloadFails() async {
    let store = TestStore(initialState: State()) { Feature() }
    await store.send(.edit) { $0.mode = .editing(Draft(text: "")) }
    let messages = await recordedFailures { await store.send(.type("hi")) }
    #expect(
      messages == [
        """
        State was not expected to change, but a change occurred: …

          TestStoreAnyStateTests.State(
            profile: TestStoreAnyStateTests.Profile(name: "Ada", tags: []),
        −   mode: .editing(TestStoreAnyStateTests.Draft(text: "")),
        +   mode: .editing(TestStoreAnyStateTests.Draft(text: "hi")),
          )

        (Expected: −, Actual: +)
        """
      ])
  }

  /// Dump hooks change printing only: two values that print alike through a hook but differ in
  /// a field are different content.
  @Test func dumpHooksDoNotDecideEquality() {
    struct Masked: CustomDumpStringConvertible {
      var secret: String
      var customDumpDescription: String { "Masked(•••)" }
    }
    #expect(!ValueDump.sameContent(Masked(secret: "a"), Masked(secret: "b")))
    #expect(ValueDump.sameContent(Masked(secret: "a"), Masked(secret: "a")))
    #expect(ValueDump.dump(Masked(secret: "a")) == ValueDump.dump(Masked(secret: "b")))
  }

  /// What cannot be compared by content: closures all read `(Function)`, so they are equal.
  @Test func closuresAreTheSameContent() {
    struct Handler {
      var run: () -> Int
    }
    #expect(ValueDump.sameContent(Handler { 1 }, Handler { 2 }))
  }
}
