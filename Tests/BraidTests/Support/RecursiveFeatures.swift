import Braid
import BraidTestSupport
import Foundation

/// TCA's Recursion case study as a TCA user writes it: rows that hold rows of their own kind,
/// through `forEach` of the feature itself. Each row can start an effect that runs until it is
/// cancelled, and says in `log` how it ended.
struct NestedRows: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: UUID
    var name = ""
    var rows: IdentifiedArrayOf<State> = []
  }

  enum Action: Equatable, Sendable {
    case addRowButtonTapped
    case nameTextFieldChanged(String)
    case deleteRow(id: UUID)
    case startListening
    indirect case rows(IdentifiedActionOf<NestedRows>)
  }

  @Dependency(\.uuid) var uuid
  let log: Recorder<String>

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .addRowButtonTapped:
        state.rows.append(State(id: uuid()))
      case .nameTextFieldChanged(let name):
        state.name = name
      case .deleteRow(let id):
        state.rows.remove(id: id)
      case .startListening:
        let (log, name) = (log, state.name)
        return .run { _ in
          log.append("listening \(name)")
          do {
            try await suspendUntilCancelled()
          } catch {
            log.append("cancelled \(name)")
          }
        }
      case .rows:
        break
      }
      return .none
    }
    .forEach(\.rows, action: /Action.rows) {
      NestedRows(log: log)
    }
  }
}

/// A chain of features of one kind, each holding an optional next one, through `ifLet`.
struct Chain: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    /// Held in an array: a struct cannot store an optional of itself inline.
    private var storage: [State] = []

    init(count: Int = 0, next: State? = nil) {
      self.count = count
      self.next = next
    }

    var next: State? {
      get { storage.first }
      set { storage = newValue.map { [$0] } ?? [] }
    }
  }

  enum Action: Equatable, Sendable {
    case increment
    case append
    case removeNext
    indirect case next(Action)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .increment: state.count += 1
      case .append: state.next = State()
      case .removeNext: state.next = nil
      case .next: break
      }
      return .none
    }
    .ifLet(\.next, action: /Action.next) {
      Chain()
    }
  }
}

/// An expression tree whose negations hold expressions, through `ifCaseLet`.
struct Expression: Reducer {
  indirect enum State: Equatable, Sendable {
    case value(Int)
    case negated(State)
  }

  indirect enum Action: Equatable, Sendable {
    case increment
    case negated(Action)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .increment = action, case .value(let value) = state { state = .value(value + 1) }
      return .none
    }
    .ifCaseLet(/State.negated, action: /Action.negated) {
      Expression()
    }
  }
}
