import Braid
import BraidTestSupport
import BraidTesting
import Foundation
import Testing

/// The APIs TCA's own tests reach for, each as a ported test would use it.
@MainActor
@Suite(.checksStoreLeaks)
struct TCACompatibilityTests {
  struct Timer: Reducer {
    struct State: Equatable { var ticks = 0 }
    enum Action: Equatable, Sendable { case start, stopFromAnEffect, stopFromACatchHandler, tick }
    enum CancelID { case timer }
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer)
      case .stopFromAnEffect:
        return .run { _ in await Task.cancel(id: CancelID.timer) }
      case .stopFromACatchHandler:
        return .run { _ in
          throw CancelFailure()
        } catch: { _, _ in
          await Task.cancel(id: CancelID.timer)
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  @Test func taskCancelByIDStopsAnEffectFromInsideAnother() async {
    let clock = TestClock()
    let store = Store(initialState: Timer.State()) { Timer(clock: clock) }
    let timer = store.send(.start)
    await clock.advance(by: .seconds(1))
    #expect(store.state.ticks == 1)
    await store.send(.stopFromAnEffect).finish()
    await timer.finish()
    #expect(store.runningEffectCount == 0)
    await clock.advance(by: .seconds(5))
    #expect(store.state.ticks == 1)
  }

  struct CancelFailure: Error {}

  /// A `catch:` handler runs as part of its effect: `Task.cancel(id:)` there resolves the id as
  /// the operation would.
  @Test func taskCancelByIDWorksFromACatchHandler() async {
    let clock = TestClock()
    let store = Store(initialState: Timer.State()) { Timer(clock: clock) }
    let timer = store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.send(.stopFromACatchHandler).finish()
    #expect(store.runningEffectCount == 0)
    // Ends the timer should the handler have failed to, so the test fails rather than hangs.
    timer.cancel()
    await timer.finish()
    await clock.advance(by: .seconds(5))
    #expect(store.state.ticks == 1)
  }

  @Test func taskCancelByIDOutsideAnEffectIsReported() async {
    let issues = Recorder<IssueReporting.Issue>()
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      await Task.cancel(id: Timer.CancelID.timer)
    }
    #expect(
      issues.values.first?.message == """
        Task.cancel(id: timer) was called outside an effect, where no store can resolve the id. Call it from an \
        Effect.run operation, or return Effect.cancel(id:) from a reducer.
        """
    )
  }

  struct Destination: Reducer {
    enum State: Equatable {
      case counter(Int)
      case message(String)
    }

    enum Action: Equatable, Sendable {
      case counter(CounterAction)
      case showMessage
    }

    enum CounterAction: Equatable, Sendable { case increment }

    var body: some Reducer<State, Action> {
      Scope(state: /State.counter, action: /Action.counter) {
        Reduce<Int, CounterAction> { count, _ in
          count += 1
          return .none
        }
      }
      Reduce { state, action in
        if action == .showMessage { state = .message("hello") }
        return .none
      }
    }
  }

  @Test func scopeOnACaseOfAnEnumState() async {
    let store = Store(initialState: Destination.State.counter(0)) { Destination() }
    store.send(.counter(.increment))
    #expect(store.state == .counter(1))
    store.send(.showMessage)
    let issues = Recorder<IssueReporting.Issue>()
    IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      store.send(.counter(.increment))
    }
    #expect(store.state == .message("hello"))
    // The report names the Scope's line; the check does not depend on where that is.
    #expect(
      issues.values.first?.message.replacing(#/swift:\d+ /#, with: "swift:<line> ") == """
        A Scope at BraidTests/TCACompatibilityTests.swift:<line> received a child action when state was in a different case: \
        counter(BraidTests.TCACompatibilityTests.Destination.CounterAction.increment).

        The state was:
        .message("hello")
        """
    )
  }

  struct Parent: Reducer {
    struct State: Equatable {
      var numbers = [1, 2, 3]
      var detail: Int?
    }

    enum Action: Equatable, Sendable {
      case show(Int)
      case hide
      case detail(Int)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .show(let value): state.detail = value
      case .hide: state.detail = nil
      case .detail(let value): state.detail = value
      }
      return .none
    }
  }

  @Test func scopingWithAStateFunction() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let sum = store.scope(state: { $0.numbers.reduce(0, +) + ($0.detail ?? 0) }, action: /Parent.Action.detail)
    #expect(sum.withState { $0 } == 6)
    var seen: [Int] = []
    let token = sum.observe(\.self) { seen.append($0) }
    sum.send(4)
    #expect(seen == [6, 10])
    token.cancel()
  }

  @Test func ifLetPresentsAndDismissesAChildStore() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let detail = store.scope(state: \.detail, action: /Parent.Action.detail)
    var events: [String] = []
    var presented: Store<Int, Int>?
    let token = detail.ifLet { child in
      presented = child
      events.append("then \(child.withState { $0 })")
    } else: {
      events.append("else")
    }
    store.send(.show(7))
    store.send(.detail(8))
    store.send(.hide)
    store.send(.show(9))
    #expect(events == ["else", "then 7", "else", "then 9"])
    // The first store kept the last state it had while presented.
    store.send(.hide)
    #expect(presented?.withState { $0 } == 9)
    token.cancel()
  }

  struct Greeter: Reducer {
    struct State: Equatable { var greeting = "" }
    enum Action: Equatable, Sendable { case greet }
    @Dependency(GreetingKey.self) var greeting

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.greeting = greeting
      return .none
    }
  }

  @Test func transformDependencyChangesTheValueInForce() {
    let store = Store(initialState: Greeter.State()) {
      Greeter().transformDependency(\.greeting) { $0 += ", world" }
    }
    store.send(.greet)
    #expect(store.state.greeting == "hello, world")
  }

  @Test func aConstantUUIDGenerator() {
    let id = UUID()
    let generate = UUIDGenerator.constant(id)
    #expect(generate() == id)
    #expect(generate() == id)
  }
}

private enum GreetingKey: DependencyKey {
  static let liveValue = "hello"
  static let testValue = "hello"
}

extension DependencyValues {
  fileprivate var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
}
