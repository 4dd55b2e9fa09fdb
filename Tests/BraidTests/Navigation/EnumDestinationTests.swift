import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// TCA's `@Reducer enum Destination`, written without a macro: a state enum, an action enum and
/// a body of `Scope`s over case paths, presented with `ifLet(\.$destination, action:)`.
@MainActor
@Suite(.checksStoreLeaks)
struct EnumDestinationTests {
  struct Edit: Reducer {
    struct State: Equatable, Sendable {
      var text = ""
    }
    enum Action: Equatable, Sendable {
      case typed(String)
      case startAutosave
    }
    let ended: Recorder<String>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .typed(let text):
        state.text = text
        return .none
      case .startAutosave:
        let ended = ended
        return .run { _ in
          do { try await suspendUntilCancelled() } catch { ended.append("autosave cancelled") }
        }
      }
    }
  }

  /// The destination: one case per screen, and an alert.
  struct Destination: Reducer {
    enum State: Equatable, Sendable {
      case edit(Edit.State)
      case alert(AlertState<Action.Alert>)
    }
    enum Action: Equatable, Sendable {
      case edit(Edit.Action)
      case alert(Alert)
      enum Alert: Equatable, Sendable { case discard }
    }
    let ended: Recorder<String>

    var body: some Reducer<State, Action> {
      Scope(state: /State.edit, action: /Action.edit) { Edit(ended: ended) }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      @Presents var destination: Destination.State?
      var saved: [String] = []
    }
    enum Action: Equatable, Sendable {
      case destination(PresentationAction<Destination.Action>)
      case editTapped
      case closeTapped
    }
    let ended: Recorder<String>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .editTapped:
          state.destination = .edit(Edit.State())
        case .closeTapped:
          guard case .edit(let edit)? = state.destination else { break }
          state.destination = .alert(
            AlertState {
              TextState("Discard “\(edit.text)”?")
            } actions: {
              ButtonState(role: .destructive, action: .discard) { TextState("Discard") }
            })
        case .destination(.presented(.alert(.discard))):
          state.saved.append("discarded")
        case .destination:
          break
        }
        return .none
      }
      .ifLet(\.$destination, action: /Action.destination) { Destination(ended: ended) }
    }
  }

  @Test func aCaseOfTheDestinationRunsItsFeature() async {
    let store = TestStore(initialState: Parent.State()) { Parent(ended: Recorder()) }
    await store.send(.editTapped) { $0.destination = .edit(Edit.State()) }
    await store.send(.destination(.presented(.edit(.typed("hi"))))) {
      $0.destination = .edit(Edit.State(text: "hi"))
    }
  }

  @Test func switchingToAnotherCaseEndsTheFirstCasesEffects() async {
    let ended = Recorder<String>()
    let store = Store(initialState: Parent.State()) { Parent(ended: ended) }
    store.send(.editTapped)
    let autosave = store.send(.destination(.presented(.edit(.startAutosave))))
    #expect(store.runningEffectCount == 1)
    store.send(.closeTapped)
    #expect(store.runningEffectCount == 0)
    await autosave.finish()
    #expect(ended.values == ["autosave cancelled"])
  }

  @Test func anAlertCaseIsDismissedByItsButton() async {
    let store = TestStore(initialState: Parent.State()) { Parent(ended: Recorder()) }
    await store.send(.editTapped) { $0.destination = .edit(Edit.State()) }
    await store.send(.closeTapped) {
      $0.destination = .alert(
        AlertState {
          TextState("Discard “”?")
        } actions: {
          ButtonState(role: .destructive, action: .discard) { TextState("Discard") }
        })
    }
    await store.send(.destination(.presented(.alert(.discard)))) {
      $0.destination = nil
      $0.saved = ["discarded"]
    }
  }

  @Test func anEditCaseIsNotDismissedByItsActions() {
    let store = Store(initialState: Parent.State()) { Parent(ended: Recorder()) }
    store.send(.editTapped)
    store.send(.destination(.presented(.edit(.typed("a")))))
    store.send(.destination(.presented(.edit(.typed("b")))))
    #expect(store.state.destination == .edit(Edit.State(text: "b")))
  }
}
