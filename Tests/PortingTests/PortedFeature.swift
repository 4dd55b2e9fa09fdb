// A feature written the way TCA 1.x documents it, ported to Braid by changing the import and
// rewriting what the porting article lists (macros become plain conformances, case key paths
// `\.child` become case paths `/Action.child`). It must keep compiling: it is the check that
// the everyday API ports.
import Braid  // was: import ComposableArchitecture
import Foundation

struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
  var log: @Sendable (String) -> Void
}

extension NumberFactClient: TestDependencyKey {
  static let testValue = NumberFactClient(
    fetch: unimplemented("NumberFactClient.fetch"),
    log: unimplemented("NumberFactClient.log")
  )
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

// was: @Reducer
struct Counter: Reducer {
  // was: @ObservableState
  struct State: Equatable, Identifiable {
    let id: UUID
    var count = 0
    var fact: String?
    var isTimerRunning = false
  }

  // was: implicitly @CasePathable
  enum Action: Equatable, Sendable, CasePathable {
    case decrementButtonTapped
    case incrementButtonTapped
    case factButtonTapped
    case factResponse(String)
    case timerButtonTapped
    case timerTicked
    case delegate(Delegate)

    enum Delegate: Equatable, Sendable { case reachedTen }
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.numberFact) var numberFact

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return state.count == 10 ? .send(.delegate(.reachedTen)) : .none
      case .factButtonTapped:
        return .run { [count = state.count] send in
          try await send(.factResponse(numberFact.fetch(count)))
        }
      case .factResponse(let fact):
        state.fact = fact
        numberFact.log(fact)
        return .none
      case .timerButtonTapped:
        state.isTimerRunning.toggle()
        guard state.isTimerRunning else { return .cancel(id: CancelID.timer) }
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.timerTicked)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      case .timerTicked:
        state.count += 1
        return .none
      case .delegate:
        return .none
      }
    }
  }
}

// was: @Reducer
struct CounterList: Reducer {
  struct State: Equatable {
    var counters: IdentifiedArrayOf<Counter.State> = []
    var detail: Counter.State?  // was: @Presents var detail
  }

  enum Action: Equatable, Sendable, CasePathable {
    case addButtonTapped
    case counters(IdentifiedActionOf<Counter>)
    case detail(Counter.Action)  // was: PresentationAction<Counter.Action>
    case counterTapped(id: Counter.State.ID)
    case dismissDetail
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.counters.append(Counter.State(id: uuid()))
        return .none
      case .counters(.element(let id, .delegate(.reachedTen))):
        state.counters.remove(id: id)
        return .none
      case .counters:
        return .none
      case .counterTapped(let id):
        state.detail = state.counters[id: id]
        return .none
      case .detail:
        return .none
      case .dismissDetail:
        state.detail = nil
        return .none
      }
    }
    .forEach(\.counters, action: /Action.counters) {  // was: action: \.counters
      Counter()
    }
    .ifLet(\.detail, action: /Action.detail) {  // was: \.$detail, action: \.detail
      Counter()
    }
  }
}
