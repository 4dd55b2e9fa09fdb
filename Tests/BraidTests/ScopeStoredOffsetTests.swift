import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// `Scope` writes a stored child through its byte offset, and a scoped store of stored properties
/// observes the root at the summed offset. These check both against computed properties, which
/// take the key path, and against a computed level in the middle of a chain.
@MainActor
@Suite(.checksStoreLeaks)
struct ScopeStoredOffsetTests {
  struct Leaf: Equatable, Sendable {
    var tag = "leaf"
    var names: [String] = []
    var count = 0
  }

  struct Middle: Equatable, Sendable {
    var title = "middle"
    var leaf = Leaf()
    /// The same leaf through a computed property: no offset.
    var viaComputed: Leaf {
      get { leaf }
      set { leaf = newValue }
    }
  }

  struct Top: Equatable, Sendable {
    var padding: [Int] = [1, 2, 3]
    var middle = Middle()
  }

  enum LeafAction: Equatable, Sendable {
    case add(String)
  }

  enum MiddleAction: Equatable, Sendable {
    case leaf(LeafAction)
    case computed(LeafAction)
  }

  enum TopAction: Equatable, Sendable {
    case middle(MiddleAction)
  }

  struct LeafFeature: Reducer {
    func reduce(into state: inout Leaf, action: LeafAction) -> Effect<LeafAction> {
      guard case .add(let name) = action else { return .none }
      state.names.append(name)
      state.count += 1
      return .none
    }
  }

  struct MiddleFeature: Reducer {
    var body: some Reducer<Middle, MiddleAction> {
      Scope(state: \.leaf, action: /MiddleAction.leaf) { LeafFeature() }
      Scope(state: \.viaComputed, action: /MiddleAction.computed) { LeafFeature() }
    }
  }

  struct TopFeature: Reducer {
    var body: some Reducer<Top, TopAction> {
      Scope(state: \.middle, action: /TopAction.middle) { MiddleFeature() }
    }
  }

  @Test func storedAndComputedChildrenAreWrittenInPlace() {
    let store = Store(initialState: Top()) { TopFeature() }
    store.send(.middle(.leaf(.add("stored"))))
    store.send(.middle(.computed(.add("computed"))))
    #expect(store.state.middle.leaf.names == ["stored", "computed"])
    #expect(store.state.middle.leaf.count == 2)
    #expect(store.state.middle.title == "middle")
    #expect(store.state.padding == [1, 2, 3])
  }

  @Test func deepStoredScopeObservesItsOwnPart() {
    let store = Store(initialState: Top()) { TopFeature() }
    let middle = store.scope(state: \.middle, action: /TopAction.middle)
    let leaf = middle.scope(state: \.leaf, action: /MiddleAction.leaf)
    let count = leaf.scope(state: \.count, action: { (_: Never) -> LeafAction in })
    var counts: [Int] = []
    var names: [[String]] = []
    var titles: [String] = []
    let countToken = count.observe(\.self) { counts.append($0) }
    let namesToken = leaf.observe(\.names) { names.append($0) }
    let titleToken = middle.observe(\.title) { titles.append($0) }
    leaf.send(.add("a"))
    leaf.send(.add("b"))
    #expect(counts == [0, 1, 2])
    #expect(names == [[], ["a"], ["a", "b"]])
    #expect(titles == ["middle"])
    #expect(count.state == 2)
    countToken.cancel()
    leaf.send(.add("c"))
    #expect(counts == [0, 1, 2])
    #expect(names.last == ["a", "b", "c"])
    namesToken.cancel()
    titleToken.cancel()
  }

  @Test func aComputedLevelInTheChainStillObservesTheRightValue() {
    let store = Store(initialState: Top()) { TopFeature() }
    let middle = store.scope(state: \.middle, action: /TopAction.middle)
    let computed = middle.scope(state: \.viaComputed, action: /MiddleAction.computed)
    let names = computed.scope(state: \.names, action: { (_: Never) -> LeafAction in })
    var seen: [[String]] = []
    let token = names.observe(\.self) { seen.append($0) }
    computed.send(.add("x"))
    store.send(.middle(.leaf(.add("y"))))
    #expect(seen == [[], ["x"], ["x", "y"]])
    #expect(names.state == ["x", "y"])
    token.cancel()
  }
}
