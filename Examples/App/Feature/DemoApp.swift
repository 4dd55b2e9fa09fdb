import Braid
import CounterFeature
import LocationTrackerFeature
import SignUpFeature
import UsersListFeature

/// The demo's four features behind one home screen: a navigation stack that pushes the counter,
/// the sign-up form, the location tracker and the users list, and a quit that asks first while
/// a sign-up is in flight. Who signed up last is shared state, shown on every screen.
///
/// A screen's long-lived work lives as long as the screen: popping the location tracker closes
/// its source, popping the users list closes its database connection, and quitting pops every
/// screen, cancelling a sign-up in flight.
public struct DemoApp: Reducer {
  /// The app: the stack of screens above home, the quit confirmation when it is up, and
  /// whether the app has quit.
  public struct State: Equatable, Sendable {
    /// The screens above home, the top one last.
    public var path = StackState<Path.State>()
    /// The sheet that asks before quitting during a sign-up.
    @Presents public var quitConfirmation: QuitConfirmation.State?
    /// What the last command could not do, such as a push of a screen already open.
    public var notice: String?
    /// Whether the app has quit: every screen is popped, and the app ends.
    public var hasQuit = false
    /// Who signed up last on the sign-up screen, shown on every screen: a value the app's
    /// screens share with whoever made the app's state (a session, say), not a copy of it.
    @Shared public var signedInUser: String?

    /// The home screen, nothing pushed, sharing `signedInUser` with its maker.
    ///
    /// - Parameter signedInUser: Who is signed in; nobody, and shared with no one, by default.
    public init(signedInUser: Shared<String?> = Shared(value: nil)) {
      _signedInUser = signedInUser
    }
  }

  /// What the user does, and what the screens do.
  public enum Action: Equatable, Sendable {
    /// Pushes a screen onto the stack.
    case pushTapped(Screen)
    /// Pops the top screen.
    case popTapped
    /// Quits, or asks first while a sign-up is in flight.
    case quitTapped
    /// The screens' own actions, pops and pushes.
    case path(StackAction<Path.State, Path.Action>)
    /// The quit confirmation's actions.
    case quitConfirmation(PresentationAction<QuitConfirmation.Action>)
  }

  /// The app's reducer.
  public init() {}

  /// The app: its own actions, the stack's screens and the quit confirmation.
  public var body: some Reducer<State, Action> {
    Reduce(handle)
      .forEach(\.path, action: /Action.path) { Path() }
      .ifLet(\.$quitConfirmation, action: /Action.quitConfirmation) { QuitConfirmation() }
  }

  /// Handles one action of the app's own.
  func handle(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .pushTapped(let screen):
      if let depth = state.path.firstIndex(where: { $0.screen == screen }) {
        // The location tracker and the users list each own one source: a second copy would
        // share it, and popping either would close it under the other.
        state.notice = "\(screen.title) is open already, at depth \(depth + 1): pop back to it"
        return .none
      }
      state.notice = nil
      state.path.append(screen.initialState)
      return .none

    case .popTapped:
      guard !state.path.isEmpty else {
        state.notice = "nothing to pop: this is the home screen"
        return .none
      }
      state.notice = nil
      state.path.removeLast()
      return .none

    case .quitTapped:
      if let username = state.signUpInFlight {
        state.quitConfirmation = QuitConfirmation.State(username: username)
        return .none
      }
      quit(&state)
      return .none

    case .quitConfirmation(.presented(.delegate(.quit))):
      quit(&state)
      return .none

    case .path(.element(id: let id, action: .signUp(.signUpFinished(error: nil)))):
      // The form has reduced its answer first: it still holds the username it signed up.
      if case .signUp(let form)? = state.path[id: id] {
        state.$signedInUser.withLock { $0 = form.username }
      }
      return markFinishedSignUp(&state)

    case .path:
      return markFinishedSignUp(&state)

    case .quitConfirmation:
      return .none
    }
  }

  /// Tells the quit confirmation, if it is up, that the sign-up it asked about has finished.
  private func markFinishedSignUp(_ state: inout State) -> Effect<Action> {
    // The sheet asked because of a sign-up in flight: once it is not, the sheet says so.
    if state.quitConfirmation != nil, state.signUpInFlight == nil {
      state.quitConfirmation?.signUpHasFinished = true
    }
    return .none
  }

  /// Pops every screen (which ends their effects) and marks the app as ended.
  private func quit(_ state: inout State) {
    state.path.removeLast(state.path.count)
    state.notice = nil
    state.hasQuit = true
  }
}

extension DemoApp.State {
  /// The username of a sign-up in flight on any screen of the stack, or `nil`.
  public var signUpInFlight: String? {
    for element in path {
      if case .signUp(let form) = element, form.isSigningUp { return form.username }
    }
    return nil
  }
}
