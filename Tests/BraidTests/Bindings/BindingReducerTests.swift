import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// `BindableAction`, `BindingAction` and `BindingReducer`, as a TCA feature uses them: the
/// sign-up form's fields set by binding actions, a reducer after the binding one seeing them,
/// and `onChange(of:)` reacting to a bound field.
@MainActor
@Suite(.checksStoreLeaks)
struct BindingReducerTests {
  struct Form: Reducer {
    struct State: Equatable, Sendable {
      var name = ""
      var age = 0
      var agreed = false
      var nameLength = 0
      var log: [String] = []
    }
    enum Action: BindableAction, Equatable, Sendable {
      case binding(BindingAction<State>)
      case submitTapped
    }

    var body: some Reducer<State, Action> {
      // TCA's placement: `onChange` on the binding reducer sees the fields it sets.
      BindingReducer()
        .onChange(of: \.name) { _, name in
          Reduce { state, _ in
            state.nameLength = name.count
            return .none
          }
        }
      Reduce { state, action in
        switch action {
        case .binding(let binding):
          state.log.append("saw \(binding.keyPath == \State.name ? "name" : "another field") set")
        case .submitTapped:
          state.log.append("submitted \(state.name), \(state.age)")
        }
        return .none
      }
    }
  }

  @Test func aBindingActionSetsItsFieldBeforeTheFeatureSeesIt() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(.binding(.set(\.name, "Blob"))) {
      $0.name = "Blob"
      $0.nameLength = 4
      $0.log = ["saw name set"]
    }
    await store.send(.binding(.set(\.age, 42))) {
      $0.age = 42
      $0.log.append("saw another field set")
    }
    await store.send(.submitTapped) {
      $0.log.append("submitted Blob, 42")
    }
  }

  @Test func onChangeSeesOnlyRealChanges() {
    let store = Store(initialState: Form.State()) { Form() }
    store.send(.binding(.set(\.agreed, true)))
    #expect(store.state.agreed)
    #expect(store.state.nameLength == 0)
    store.send(.binding(.set(\.name, "ab")))
    #expect(store.state.nameLength == 2)
  }

  @Test func bindingActionsAreEqualByKeyPathAndValue() {
    let nameBlob = BindingAction<Form.State>.set(\.name, "Blob")
    #expect(nameBlob == .set(\.name, "Blob"))
    #expect(nameBlob != .set(\.name, "Blobby"))
    #expect(BindingAction<Form.State>.set(\.age, 1) != .set(\.nameLength, 1))
    #expect(nameBlob.description.contains("Blob"))
  }

  @Test func theTestStoreReportsAWrongBindingAssertion() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await withKnownIssue {
      await store.send(.binding(.set(\.name, "Blob"))) {
        $0.name = "Blob"
        $0.log = ["saw name set"]
      }
    } matching: { issue in
      issue.description.contains("−   nameLength: 0,") && issue.description.contains("+   nameLength: 4,")
    }
  }
}
