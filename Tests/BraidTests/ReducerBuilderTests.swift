import Braid
import BraidTesting
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct ReducerBuilderTests {
  struct Appender: Reducer {
    let tag: String
    func reduce(into state: inout [String], action: Void) -> Effect<Void> {
      state.append(tag)
      return .none
    }
  }

  struct Feature: Reducer {
    let includeOptional: Bool
    let useFirst: Bool
    let extras: [String]

    var body: some Reducer<[String], Void> {
      Appender(tag: "always")
      if includeOptional {
        Appender(tag: "optional")
      }
      if useFirst {
        Appender(tag: "first")
      } else {
        Appender(tag: "second")
      }
      for extra in extras {
        Appender(tag: extra)
      }
    }
  }

  @Test func conditionsAndLoopsComposeInOrder() {
    let store = Store(initialState: [String]()) {
      Feature(includeOptional: true, useFirst: false, extras: ["x", "y"])
    }
    store.send(())
    #expect(store.state == ["always", "optional", "second", "x", "y"])
  }

  @Test func falseBranchesAreSkipped() {
    let store = Store(initialState: [String]()) {
      Feature(includeOptional: false, useFirst: true, extras: [])
    }
    store.send(())
    #expect(store.state == ["always", "first"])
  }

  @Test func combineReducersAndEmptyReducer() {
    let store = Store(initialState: [String]()) {
      CombineReducers {
        Appender(tag: "a")
        EmptyReducer()
        Appender(tag: "b")
      }
    }
    store.send(())
    #expect(store.state == ["a", "b"])
  }

  @Test func effectsOfSequencedReducersAreMergedInOrder() {
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        return action == 0 ? .send(1) : .none
      }
      Reduce<[Int], Int> { _, action in
        action == 0 ? .send(2) : .none
      }
    }
    store.send(0)
    #expect(store.state == [0, 1, 2])
  }
}
