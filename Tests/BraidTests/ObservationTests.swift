import Braid
import BraidTesting
import Testing

@MainActor
@Suite(.checksStoreLeaks)
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

  @Test func aClosureObservesLikeAKeyPath() {
    let store = Store(initialState: Form.State()) { Form() }
    var values: [Int] = []
    let lengths: (Form.State) -> Int = { $0.password.count + $0.verification.count }
    var token: ObservationToken? = store.observe(lengths) { values.append($0) }
    store.send(.password("1234"))
    store.send(.touch)
    store.send(.verification("12"))
    token = nil
    store.send(.password("123456"))
    #expect(values == [0, 4, 6])
    _ = token
  }

  @Test func aClosureObserverOfAScopedStoreSeesTheChildState() {
    struct Parent: Reducer {
      struct State: Equatable { var form = Form.State() }
      enum Action: Sendable { case form(Form.Action) }
      var body: some Reducer<State, Action> {
        Scope(state: \.form, action: /Action.form) { Form() }
      }
    }
    let store = Store(initialState: Parent.State()) { Parent() }
    let form = store.scope(state: \.form, action: /Parent.Action.form)
    var values: [Bool] = []
    let isValid: (Form.State) -> Bool = { $0.isValid }
    let token = form.observe(isValid, delivery: .changesOnly) { values.append($0) }
    form.send(.password("12345678"))
    form.send(.verification("12345678"))
    form.send(.touch)
    store.send(.form(.password("x")))
    #expect(values == [true, false])
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

  @Test func valuesEndWhenTheStoreIsReleased() async {
    var store: Store<Form.State, Form.Action>? = Store(initialState: Form.State()) { Form() }
    let values = store!.values(of: \.unrelated)
    let scoped = store!.scope(state: \.password, action: { Form.Action.password($0) }).values(of: \.count)
    let consumer = Task { @MainActor in
      var seen: [Int] = []
      for await value in values { seen.append(value) }
      var lengths: [Int] = []
      for await length in scoped { lengths.append(length) }
      return (seen, lengths)
    }
    store?.send(.touch)
    store?.send(.password("ab"))
    store = nil
    // Before the fix the loops never ended; the bound only turns that hang into a failure
    // (cancelling the consumer ends its loops). Wide, because it is real time: a one-core gauge
    // run with the machine loaded took longer than 10 s to let the consumer run again.
    let watchdog = Task {
      try await Task.sleep(for: .seconds(90))
      consumer.cancel()
    }
    let (seen, lengths) = await consumer.value
    let ended = !consumer.isCancelled
    watchdog.cancel()
    #expect(ended)
    #expect(seen == [0, 1])
    #expect(lengths == [0, 2])
  }
}
