import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// A class in state changed in place: the state before the action shares the object with the
/// state after it, and the assertion closure's copy shares it with the store. The test store
/// compares content frozen at each step, and fails a closure that writes through the object.
@MainActor
@Suite(.checksStoreLeaks)
struct TestStoreClassStateTests {
  final class Address {
    var city: String
    init(city: String) { self.city = city }
  }

  // @unchecked: `renameOutside`'s effect writes through a profile once, before it sends the action
  // whose reduction is the next read of it.
  final class Profile: @unchecked Sendable {
    var name: String
    var address: Address?
    init(name: String, address: Address? = nil) {
      self.name = name
      self.address = address
    }
  }

  final class Link {
    var name: String
    /// Weak, so the cycle the tests make is freed with the state (the address-sanitizer pass
    /// reports a strong one as a leak); reflection reads it like a strong reference.
    weak var next: Link?
    init(name: String) { self.name = name }

    /// A link whose `next` is itself.
    static func cycle(_ name: String) -> Link {
      let link = Link(name: name)
      link.next = link
      return link
    }
  }

  struct Feature: Reducer {
    struct State {
      var count = 0
      var profile = Profile(name: "A", address: Address(city: "Oslo"))
      var list = [Profile(name: "x"), Profile(name: "y")]
      var byKey = ["k": Profile(name: "v")]
      var link = Link.cycle("A")
    }

    enum Action: Equatable, Sendable {
      case rename(String)
      case move(String)
      case renameInList(Int, String)
      case renameInDictionary(String, String)
      case renameLink(String)
      case renameAndCount(String)
      case renameLater(String)
      case renameOutside(String)
      case tally
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .rename(let name):
        state.profile.name = name
      case .move(let city):
        state.profile.address?.city = city
      case .renameInList(let index, let name):
        state.list[index].name = name
      case .renameInDictionary(let key, let name):
        state.byKey[key]?.name = name
      case .renameLink(let name):
        state.link.name = name
      case .renameAndCount(let name):
        state.profile.name = name
        state.count += 1
      case .renameLater(let name):
        return .send(.rename(name))
      case .renameOutside(let name):
        return .run { [profile = state.profile] send in
          profile.name = name
          await send(.tally)
        }
      case .tally:
        state.count += 1
      }
      return .none
    }
  }

  @Test func aSendWithoutAnAssertionFailsWhenAnObjectChangedInPlace() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let messages = await recordedFailures { await store.send(.rename("B")) }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("State was not expected to change, but a change occurred") == true)
    #expect(messages.first?.contains(#"−     name: "A","#) == true)
    #expect(messages.first?.contains(#"+     name: "B","#) == true)
  }

  @Test func aClosureExpectingAnotherNameFailsWithTheDiffNotANoChangeMessage() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let messages = await recordedFailures {
      await store.send(.rename("B")) { $0.profile = Profile(name: "C", address: Address(city: "Oslo")) }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("A state change does not match expectation") == true)
    #expect(messages.first?.contains(#"−     name: "C","#) == true)
    #expect(messages.first?.contains(#"+     name: "B","#) == true)
  }

  @Test func aClosureWritingThroughTheObjectFailsAndSaysTheStoreChanged() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let messages = await recordedFailures {
      await store.send(.rename("B")) { $0.profile.name = "C" }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("The assertion closure changed the store's state") == true)
    #expect(messages.first?.contains(#"+     name: "C","#) == true)
  }

  @Test func anUnassertedInPlaceChangeBesideAnAssertedFieldFails() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let messages = await recordedFailures {
      await store.send(.renameAndCount("B")) { $0.count = 1 }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("A state change does not match expectation") == true)
    #expect(messages.first?.contains(#"−     name: "A","#) == true)
  }

  @Test func replacingTheObjectsAssertsEachInPlaceChange() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.rename("B")) { $0.profile = Profile(name: "B", address: Address(city: "Oslo")) }
    await store.send(.move("Rome")) { $0.profile = Profile(name: "B", address: Address(city: "Rome")) }
    await store.send(.renameInList(1, "z")) { $0.list[1] = Profile(name: "z") }
    await store.send(.renameInDictionary("k", "w")) { $0.byKey["k"] = Profile(name: "w") }
    await store.send(.renameLink("B")) { $0.link = Link.cycle("B") }
  }

  @Test func eachKindOfPlaceAnObjectCanSitIsSeenWhenUnasserted() async {
    let actions: [Feature.Action] = [
      .move("Rome"), .renameInList(0, "q"), .renameInDictionary("k", "w"), .renameLink("B"),
    ]
    for action in actions {
      let store = TestStore(initialState: Feature.State()) { Feature() }
      let messages = await recordedFailures { await store.send(action) }
      #expect(messages.count == 1, "\(action)")
      #expect(messages.first?.hasPrefix("State was not expected to change") == true, "\(action)")
      if action == .renameLink("B") {
        // The cycle is walked once and closed with a back-reference, not followed forever.
        #expect(messages.first?.contains("next: TestStoreClassStateTests.Link#1(↩︎)") == true)
      }
    }
  }

  @Test func aReceivedActionIsComparedWithTheContentOfItsOwnStep() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.renameLater("B"))
    let messages = await recordedFailures { await store.receive(.rename("B")) }
    #expect(messages.first?.hasPrefix("State was not expected to change") == true)

    await store.send(.renameLater("C"))
    await store.receive(.rename("C")) { $0.profile = Profile(name: "C", address: Address(city: "Oslo")) }
  }

  @Test func aChangeAnEffectMakesThroughAnObjectIsTheNextActionsToAssert() async {
    // The state an action is reduced from is the one the previous action left, so a write made
    // between the two is seen, as part of the next action's change.
    let unasserted = TestStore(initialState: Feature.State()) { Feature() }
    await unasserted.send(.renameOutside("Z"))
    let messages = await recordedFailures { await unasserted.receive(.tally) { $0.count = 1 } }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("A state change does not match expectation") == true)
    #expect(messages.first?.contains(#"−     name: "A","#) == true)
    #expect(messages.first?.contains(#"+     name: "Z","#) == true)

    let asserted = TestStore(initialState: Feature.State()) { Feature() }
    await asserted.send(.renameOutside("Z"))
    await asserted.receive(.tally) {
      $0.count = 1
      $0.profile = Profile(name: "Z", address: Address(city: "Oslo"))
    }
  }
}
