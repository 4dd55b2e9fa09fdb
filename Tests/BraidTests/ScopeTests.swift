import Braid
import BraidTestSupport
import BraidTesting
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct ScopeTests {
  struct Parent: Reducer {
    struct State: Equatable {
      var counter = CounterFeature.State()
      var log: [String] = []
    }
    enum Action: Equatable, Sendable {
      case counter(CounterFeature.Action)
      case other
    }
    let ended: Recorder<String>

    var body: some Reducer<State, Action> {
      Scope(state: \.counter, action: /Action.counter) {
        CounterFeature(ended: ended)
      }
      Reduce { state, action in
        switch action {
        case .counter(.delegate(.reachedThree)):
          state.log.append("child reached three")
        case .counter(.increment):
          state.log.append("parent saw increment to \(state.counter.count)")
        default:
          break
        }
        return .none
      }
    }
  }

  @Test func childRunsOnItsStateAndParentSeesTheResult() {
    let store = Store(initialState: Parent.State()) { Parent(ended: Recorder()) }
    store.send(.counter(.increment))
    #expect(store.state.counter.count == 1)
    #expect(store.state.log == ["parent saw increment to 1"])
    store.send(.other)
    #expect(store.state.counter.count == 1)
  }

  @Test func childEffectsAreEmbeddedInParentActions() {
    let store = Store(initialState: Parent.State()) { Parent(ended: Recorder()) }
    for _ in 0..<3 { store.send(.counter(.increment)) }
    #expect(store.state.log.last == "child reached three")
  }

  @Test func scopedStoreSendsToTheRootAndReadsItsState() {
    let store = Store(initialState: Parent.State()) { Parent(ended: Recorder()) }
    let child = store.scope(state: \.counter, action: /Parent.Action.counter)
    child.send(.increment)
    child.send(.increment)
    #expect(child.state.count == 2)
    #expect(store.state.counter.count == 2)
    #expect(store.state.log.count == 2)
  }

  @Test func scopedStoreObservesItsPartOfTheState() {
    let store = Store(initialState: Parent.State()) { Parent(ended: Recorder()) }
    let child = store.scope(state: \.counter, action: { Parent.Action.counter($0) })
    var seen: [Int] = []
    let token = child.observe(\.count) { seen.append($0) }
    child.send(.increment)
    store.send(.other)
    store.send(.counter(.increment))
    #expect(seen == [0, 1, 2])
    _ = token
  }

  @Test func pullbackAndCombinedSpellTheSameComposition() {
    let counter = CounterFeature(ended: Recorder()).pullback(
      state: \Parent.State.counter, action: /Parent.Action.counter)
    let logger = Reduce<Parent.State, Parent.Action> { state, _ in
      state.log.append("seen \(state.counter.count)")
      return .none
    }
    let store = Store(initialState: Parent.State()) { counter.combined(with: logger) }
    store.send(.counter(.increment))
    #expect(store.state.counter.count == 1)
    #expect(store.state.log == ["seen 1"])
  }

  @Test func bodyIsEvaluatedOnce() {
    let evaluations = Recorder<Int>()
    struct Counting: Reducer {
      let evaluations: Recorder<Int>
      var body: some Reducer<Int, Int> {
        let _ = evaluations.append(1)
        Reduce { state, action in
          state += action
          return .none
        }
      }
    }
    let store = Store(initialState: 0) { Counting(evaluations: evaluations) }
    for _ in 0..<10 { store.send(1) }
    #expect(store.state == 10)
    #expect(evaluations.count == 1)
  }

  @Test func deepScopedStoreSendsStraightToTheRoot() {
    struct Level: Equatable {
      var count = 0
      var child: [Int] = []
    }
    let store = Store(initialState: Level()) {
      Reduce<Level, Int> { state, action in
        state.count += action
        return .none
      }
    }
    let scoped = store.scope(state: \.count, action: { $0 })
    let deeper = scoped.scope(state: \.self, action: { $0 * 10 })
    deeper.send(2)
    #expect(store.state.count == 20)
    #expect(deeper.state == 20)
  }
}
