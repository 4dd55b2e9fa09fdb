import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// Alerts and confirmation dialogs held in `@Presents` state, presented with
/// `ifLet(\.$alert, action:)` and no child reducer.
@MainActor
@Suite(.checksStoreLeaks)
struct AlertPresentationTests {
  struct Feature: Reducer {
    struct State: Equatable, Sendable {
      @Presents var alert: AlertState<Action.Alert>?
      @Presents var dialog: ConfirmationDialogState<Action.Dialog>?
      var items = ["a", "b"]
    }
    enum Action: Equatable, Sendable {
      case alert(PresentationAction<Alert>)
      case dialog(PresentationAction<Dialog>)
      case deleteTapped
      case sortTapped
      enum Alert: Equatable, Sendable { case confirmDeletion }
      enum Dialog: Equatable, Sendable { case ascending, descending }
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .deleteTapped:
          state.alert = AlertState {
            TextState("Delete \(state.items.count) items?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
            ButtonState(role: .cancel) { TextState("Cancel") }
          } message: {
            TextState("This cannot be undone.")
          }
        case .alert(.presented(.confirmDeletion)):
          #expect(state.alert == nil)
          state.items = []
        case .sortTapped:
          state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
            TextState("Sort")
          } actions: {
            for order in [Action.Dialog.ascending, .descending] {
              ButtonState(action: order) { TextState("\(order)") }
            }
          }
        case .dialog(.presented(.ascending)):
          state.items.sort()
        case .dialog(.presented(.descending)):
          state.items.sort(by: >)
        case .alert, .dialog:
          break
        }
        return .none
      }
      .ifLet(\.$alert, action: /Action.alert)
      .ifLet(\.$dialog, action: /Action.dialog)
    }
  }

  @Test func aButtonsActionDismissesTheAlertBeforeTheParentSeesIt() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.deleteTapped) {
      $0.alert = AlertState {
        TextState("Delete 2 items?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("This cannot be undone.")
      }
    }
    #expect(store.state.alert?.buttons.map(\.label.string) == ["Delete", "Cancel"])
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.alert = nil
      $0.items = []
    }
  }

  @Test func dismissingTheAlertLeavesTheState() async {
    let store = TestStore(initialState: Feature.State(items: ["a"])) { Feature() }
    await store.send(.deleteTapped) {
      $0.alert = AlertState {
        TextState("Delete 1 items?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("This cannot be undone.")
      }
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    #expect(store.state.items == ["a"])
  }

  @Test func aDialogBuiltWithALoopSendsItsChoice() async {
    let store = Store(initialState: Feature.State(items: ["b", "c", "a"])) { Feature() }
    store.send(.sortTapped)
    #expect(store.state.dialog?.buttons.map(\.label.string) == ["ascending", "descending"])
    #expect(store.state.dialog?.titleVisibility == .visible)
    store.send(.dialog(.presented(.descending)))
    #expect(store.state.dialog == nil)
    #expect(store.state.items == ["c", "b", "a"])
  }
}
