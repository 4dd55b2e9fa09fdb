import Braid
import Testing

@MainActor
struct ObservationTests {
  struct Form: Reducer {
    struct State: Equatable {
      var password = ""
      var verification = ""
      var unrelated = 0
      var isLongEnough: Bool { password.count >= 8 }
      var passwordsMatch: Bool { password == verification }
      var isValid: Bool { isLongEnough && passwordsMatch }
    }
    enum Action: Sendable {
      case password(String)
      case verification(String)
      case touch
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .password(let value): state.password = value
      case .verification(let value): state.verification = value
      case .touch: state.unrelated += 1
      }
      return .none
    }
  }

  @Test func deliversTheCurrentValueThenEachDistinctChange() {
    let store = Store(initialState: Form.State()) { Form() }
    var values: [Bool] = []
    let token = store.observe(\.isValid) { values.append($0) }
    store.send(.password("12345678"))
    store.send(.touch)
    store.send(.verification("12345678"))
    store.send(.touch)
    store.send(.password("short"))
    #expect(values == [false, true, false])
    _ = token
  }

  @Test func changesOnlySkipsTheCurrentValue() {
    let store = Store(initialState: Form.State()) { Form() }
    var values: [Bool] = []
    let token = store.observe(\.isLongEnough, delivery: .changesOnly) { values.append($0) }
    #expect(values == [])
    store.send(.password("123456789"))
    #expect(values == [true])
    _ = token
  }

  @Test func releasingOrCancellingTheTokenStopsIt() {
    let store = Store(initialState: Form.State()) { Form() }
    var released: [Int] = []
    var cancelled: [Int] = []
    var token: ObservationToken? = store.observe(\.unrelated) { released.append($0) }
    let other = store.observe(\.unrelated) { cancelled.append($0) }
    store.send(.touch)
    token = nil
    other.cancel()
    store.send(.touch)
    #expect(released == [0, 1])
    #expect(cancelled == [0, 1])
    #expect(other.isCancelled)
    _ = token
  }

  @Test func valuesIsAnAsyncSequenceOfDistinctValues() async {
    let store = Store(initialState: Form.State()) { Form() }
    var iterator = store.values(of: \.unrelated).makeAsyncIterator()
    #expect(await iterator.next() == 0)
    store.send(.touch)
    store.send(.password("x"))
    store.send(.touch)
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == 2)
  }
}
